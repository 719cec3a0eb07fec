import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { orderCalendar } from '../../compliance/order-calendar.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';

/** GET /api/orders/{id}/calendar (holder only): the order's compliance calendar; 409 order_not_paid before payment. */
export const handler = route('GET /api/orders/{id}/calendar', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  return json(200, orderCalendar(await getApplicationForHolder(id, resumeSecret(event))));
});
