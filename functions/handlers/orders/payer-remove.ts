import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { payerIdSchema } from '#shared/payers/payers.schema.ts';
import { removePayer } from '../../data/applications/payers.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';
import { orderPayers } from '../../orders/payers-view.ts';

/** DELETE /api/orders/{id}/payers/{payerId} (holder only): the payer removed. 200 the payers | 404 | 409 not paid, changed meanwhile. */
export const handler = route('DELETE /api/orders/{id}/payers/{payerId}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const payerId = pathParam(event, 'payerId', payerIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, orderPayers(await removePayer(app, payerId, new Date().toISOString())));
});
