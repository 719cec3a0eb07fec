import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';
import { orderView } from '../../orders/view.ts';

/** GET /api/orders/{id} (holder only): the customer's order page. 404 unknown, not the holder, or not an order yet (unpaid). */
export const handler = route('GET /api/orders/{id}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, orderView(app));
});
