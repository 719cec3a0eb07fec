import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { apiCall, apiUrl } from '../../lib/api-client.ts';

/** The order page's reads and writes (docs/product.md section 10), through the typed API client. */

export const orderQueryKey = (id: string) => [apiUrl('GET /api/orders/{id}', { params: { id } })];

export function useOrder(id: string, enabled: boolean) {
  return useQuery({ queryKey: orderQueryKey(id), queryFn: () => apiCall('GET /api/orders/{id}', { params: { id } }), enabled });
}

/** Puts a fresh order view (the answer of a save) in place of the one read. */
export function useSetOrder(id: string) {
  const queryClient = useQueryClient();
  return {
    set: (view: OrderView) => queryClient.setQueryData(orderQueryKey(id), view),
    refetch: () => queryClient.invalidateQueries({ queryKey: orderQueryKey(id) }),
  };
}

export function sendOrderLink(id: string) {
  return apiCall('POST /api/orders/{id}/links', { params: { id }, body: {} });
}
