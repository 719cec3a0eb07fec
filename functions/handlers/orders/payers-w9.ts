import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import { payersNotPaid } from '../../data/applications/payers.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { w9ValuesLink } from '../../documents/order/w9-link.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';
import { orderPayers } from '../../orders/payers-view.ts';

/**
 * GET /api/orders/{id}/w9-values (holder only): a 5-minute link to the Form W-9 values PDF for the
 * LLC's tax status today, written the first time these values are asked for. 409 before payment.
 */
export const handler = route('GET /api/orders/{id}/w9-values', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  if (app.paymentStatus !== 'paid') throw payersNotPaid();
  const now = Date.now();
  return json(200, await w9ValuesLink(app, orderPayers(app, now), dayOf(now)));
});
