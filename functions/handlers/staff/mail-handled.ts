import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { mailIdSchema } from '#shared/mail/mail.schema.ts';
import { handleMail } from '../../documents/order/mail.ts';
import { staffDocuments } from '../../documents/order/view.ts';
import { json, pathParam, route, staffActor } from '../../lib/http.ts';

/** POST /api/staff/applications/{id}/mail/{mailId}/handled: the mail's back-office clock stops (audited). */
export const handler = route('POST /api/staff/applications/{id}/mail/{mailId}/handled', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const mailId = pathParam(event, 'mailId', mailIdSchema);
  return json(200, staffDocuments(await handleMail(id, mailId, staffActor(event))));
});
