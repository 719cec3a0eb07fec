import type { OrderView } from '#shared/orders/view.schema.ts';
import { matchPage, PAGE_PATTERNS } from '../paths.ts';
import { accessTokenFrom } from './access-token.ts';
import { apiCall } from './api-client.ts';

/**
 * The order page's first read, started by the app's entry (frontend/src/main.tsx) as soon as that
 * small file has arrived, rather than once the app and the page's module have loaded and rendered
 * (docs/decisions/0393, 0441): the request travels beside the app's code. It imports nothing of
 * React or the router, which the entry does not carry. The page's query takes it
 * (lib/order-queries.ts); every later read is the query's own. An address with an emailed link's
 * token reads nothing yet: the token is exchanged for this browser's access first
 * (lib/link-access.ts).
 */
const started = new Map<string, Promise<OrderView>>();

export function startOrderRead(pathname: string, hash: string): void {
  const id = matchPage(PAGE_PATTERNS.order, pathname)?.id;
  if (!id || accessTokenFrom(hash)) return;
  const read = apiCall('GET /api/orders/{id}', { params: { id } });
  // Its failure is the query's to show, when the page takes it.
  read.catch(() => undefined);
  started.set(id, read);
}

/** The read started for order `id`, once: undefined when none was (or it was taken). */
export function takeOrderRead(id: string): Promise<OrderView> | undefined {
  const read = started.get(id);
  started.delete(id);
  return read;
}
