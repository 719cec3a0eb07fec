import type { OrderView } from '#shared/orders/view.schema.ts';
import { matchPage, PAGE_PATTERNS } from '../paths.ts';
import { accessTokenFrom } from './access-token.ts';
import { apiCall } from './api-client.ts';
import { rememberResumeSecret } from './resume-secrets.ts';

/**
 * The order page's first requests, started by the app's entry (frontend/src/main.tsx) as soon as
 * that small file has arrived, rather than once the app and the page's module have loaded and
 * rendered (docs/decisions/0393, 0441, 0451): they travel beside the app's code. It imports
 * nothing of React or the router, which the entry does not carry. The page takes them
 * (lib/link-access.ts, lib/order-queries.ts); every later request is the page's own.
 *
 * An address with an emailed link's token (every email's link) exchanges the token for this
 * browser's access, and the exchange answers the order's view with it: one request. When the
 * exchange is refused, the order is read with what this browser holds, as the page's own read
 * would: an expired link still leaves the access this browser already had.
 */
const started = new Map<string, Promise<OrderView>>();
const exchanges = new Map<string, Promise<OrderView>>();
const exchangeKey = (id: string, token: string) => `${id} ${token}`;

/**
 * Exchanges an emailed link's token for a resume secret, which this browser keeps (like the
 * browser that placed the order); answers the order's view, which the exchange returns with it.
 */
export async function openOrderLink(id: string, token: string): Promise<OrderView> {
  const { resumeSecret, order } = await apiCall('POST /api/orders/{id}/access', { params: { id }, body: { token } });
  rememberResumeSecret(id, resumeSecret);
  return order;
}

export function startOrderRead(pathname: string, hash: string): void {
  const id = matchPage(PAGE_PATTERNS.order, pathname)?.id;
  if (!id) return;
  const token = accessTokenFrom(hash);
  const get = () => apiCall('GET /api/orders/{id}', { params: { id } });
  let read: Promise<OrderView>;
  if (token) {
    const exchange = openOrderLink(id, token);
    // Its failure is the page's to show, when it takes the exchange.
    exchange.catch(() => undefined);
    exchanges.set(exchangeKey(id, token), exchange);
    read = exchange.then((order) => order, get);
  } else read = get();
  // Its failure is the query's to show, when the page takes it.
  read.catch(() => undefined);
  started.set(id, read);
}

/** The exchange of `token` started for order `id`, once: undefined when none was (or it was taken). */
export function takeOrderLinkOpen(id: string, token: string): Promise<OrderView> | undefined {
  const exchange = exchanges.get(exchangeKey(id, token));
  exchanges.delete(exchangeKey(id, token));
  return exchange;
}

/** The read started for order `id`, once: undefined when none was (or it was taken). */
export function takeOrderRead(id: string): Promise<OrderView> | undefined {
  const read = started.get(id);
  started.delete(id);
  return read;
}
