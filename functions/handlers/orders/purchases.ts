import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';
import { purchasesView } from '../../payments/purchases.ts';

/** GET /api/orders/{id}/purchases (holder only): the add-ons the paid order may buy now, and every purchase made after payment. */
export const handler = route('GET /api/orders/{id}/purchases', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await purchasesView(app));
});
