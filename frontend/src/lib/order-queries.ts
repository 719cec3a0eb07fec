import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { apiCall, apiUrl } from './api-client.ts';
import { takeOrderRead } from './order-first-read.ts';

/**
 * The order's reads as the screens share them (the order page, the tax planner opened from it, the
 * compliance calendar): one query key each, so a write on one screen refreshes what the others show.
 */

export const orderQueryKey = (id: string) => [apiUrl('GET /api/orders/{id}', { params: { id } })];

/** The order's compliance calendar: a saved tax plan changes its estimated-tax dates. */
export const calendarQueryKey = (id: string) => [apiUrl('GET /api/orders/{id}/calendar', { params: { id } })];

export function useOrder(id: string, enabled: boolean) {
  // The first read may have started with the app (./order-first-read.ts).
  return useQuery({ queryKey: orderQueryKey(id), queryFn: () => takeOrderRead(id) ?? apiCall('GET /api/orders/{id}', { params: { id } }), enabled });
}

/** Puts a fresh order view (the answer of a save) in place of the one read. */
export function useSetOrder(id: string) {
  const queryClient = useQueryClient();
  return {
    set: (view: OrderView) => queryClient.setQueryData(orderQueryKey(id), view),
    refetch: () => queryClient.invalidateQueries({ queryKey: orderQueryKey(id) }),
  };
}
