import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { orderEmails } from '../../data/email-delivery.ts';
import { json, pathParam, route } from '../../lib/http.ts';

/** The order's email history, newest first: kind, to, where it stands, when. */
export const handler = route('GET /api/staff/applications/{id}/emails', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  return json(200, { items: await orderEmails(id) });
});
