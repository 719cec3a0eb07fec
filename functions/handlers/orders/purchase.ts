import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { purchaseBodySchema } from '#shared/orders/purchases.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { buyAddOn } from '../../payments/purchases.ts';

/** POST /api/orders/{id}/purchases (holder only): an add-on bought after payment, priced on the server (docs/decisions/0424). */
export const handler = route('POST /api/orders/{id}/purchases', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, purchaseBodySchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await buyAddOn(app, body));
});
