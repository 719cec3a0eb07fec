import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { logMailSchema } from '#shared/mail/mail.schema.ts';
import { logMail } from '../../documents/order/mail.ts';
import { staffDocuments } from '../../documents/order/view.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/mail: a piece of mail the registered agent address received,
 * with its scan (uploaded first), logged in one write with the customer's email
 * (docs/decisions/0421-mail-room.md).
 */
export const handler = route('POST /api/staff/applications/{id}/mail', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, logMailSchema);
  return json(200, staffDocuments(await logMail(id, body, staffActor(event))));
});
