import type { CustomerEmailChange } from '#shared/orders/requests.schema.ts';
import { apiCall } from '../../lib/api-client.ts';

/** The order page's writes (docs/product.md section 10), through the typed API client; its reads are in lib/order-queries.ts. */

export function sendOrderLink(id: string) {
  return apiCall('POST /api/orders/{id}/links', { params: { id }, body: {} });
}

/** The customer confirms (this browser then holds a new secret) or stops the change of the order's email staff asked for. */
export function decideEmailChange(id: string, body: CustomerEmailChange) {
  return apiCall('POST /api/orders/{id}/email-change', { params: { id }, body });
}
