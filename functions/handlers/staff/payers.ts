import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { json, pathParam, route } from '../../lib/http.ts';
import { staffOrderPayers } from '../../orders/payers-view.ts';

/**
 * The customer's payer list, read-only, for the staff modal (docs/decisions/0437): each payer with
 * its form, how and when it was given, its expiry, the "update your W-9" state and the Forms 1099
 * recorded, and the January 1099 check. The list is the customer's: no staff route changes it.
 */
export const handler = route('GET /api/staff/applications/{id}/payers', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  return json(200, staffOrderPayers(await getApplication(id)));
});
