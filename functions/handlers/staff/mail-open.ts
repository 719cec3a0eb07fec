import { openMailQuerySchema } from '#shared/mail/mail.schema.ts';
import { openMailPage } from '../../documents/order/mail-view.ts';
import { json, requestQuery, route } from '../../lib/http.ts';

export const handler = route('GET /api/staff/mail', async (event) => {
  const query = requestQuery(event, openMailQuerySchema);
  return json(200, await openMailPage(query.cursor));
});
