import { apiCall } from '../../lib/api-client.ts';

/** The order page's writes (docs/product.md section 10), through the typed API client; its reads are in lib/order-queries.ts. */

export function sendOrderLink(id: string) {
  return apiCall('POST /api/orders/{id}/links', { params: { id }, body: {} });
}
