import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { json, pathParam, route } from '../../lib/http.ts';
import { orderView } from '../../orders/view.ts';

/** The order as its page shows it, for the staff editor of the filing details (the customer's form). */
export const handler = route('GET /api/staff/applications/{id}/order-view', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  return json(200, orderView(await getApplication(id)));
});
