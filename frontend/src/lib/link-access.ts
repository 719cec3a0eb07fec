import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accessTokenFrom } from './access-token.ts';
import { ApiError } from './api.ts';
import { openOrderLink, takeOrderLinkOpen } from './order-first-read.ts';

/**
 * The way into the order page (and, for an unpaid application, the checkout) from an email: the link carries `#access=<token>` in the URL
 * fragment (browsers never send it to a server). The page reads it once, removes it from the
 * address bar and the history entry at once (so it is not left in the history, a bookmark or a
 * shared screenshot), and exchanges it for the order's resume secret (openOrderLink, in
 * ./order-first-read.ts, which the app's entry starts before the page renders).
 */

export type OrderAccess =
  /** The token is being exchanged. */
  | { state: 'opening' }
  /**
   * Read the order with what this browser holds; `linkProblem` when the link it came with was too
   * old (`expired`) or mailed before the order's email address changed (`superseded`).
   */
  | { state: 'ready'; linkProblem?: LinkProblem };

export type LinkProblem = 'expired' | 'superseded';

export function useOrderAccess(id: string): OrderAccess {
  const [token] = useState(() => (typeof window === 'undefined' ? undefined : accessTokenFrom(window.location.hash)));
  useEffect(() => {
    if (!token) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, [token]);
  // A query (not an effect) so the exchange runs once however often the page mounts.
  const exchange = useQuery({
    queryKey: ['order-access', id, token],
    // The exchange may have started with the app (./order-first-read.ts).
    queryFn: () => (takeOrderLinkOpen(id, token ?? '') ?? openOrderLink(id, token ?? '')).then(() => true),
    enabled: Boolean(token && id),
    gcTime: Number.POSITIVE_INFINITY,
  });
  if (!token || !id || exchange.isSuccess) return { state: 'ready' };
  if (exchange.isPending) return { state: 'opening' };
  // An expired or unknown link still leaves what this browser already holds (it may have placed the order).
  const code = exchange.error instanceof ApiError ? exchange.error.code : undefined;
  return { state: 'ready', linkProblem: code === 'link_expired' ? 'expired' : code === 'link_superseded' ? 'superseded' : undefined };
}
