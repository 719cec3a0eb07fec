import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';
import { orderPayers } from '../../orders/payers-view.ts';

/**
 * GET /api/orders/{id}/payers (holder only): the payers of the LLC, the Form W-9 values for its
 * tax status today, and which payers need a new W-9 since the election took effect.
 */
export const handler = route('GET /api/orders/{id}/payers', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, orderPayers(app));
});
