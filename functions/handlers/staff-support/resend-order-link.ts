import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { resendOrderLinkSchema } from '#shared/staff/email-delivery.schema.ts';
import { resendOrderLink } from '../../data/applications/contact.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** Emails the order link to the address on file again (audited). */
export const handler = route('POST /api/staff/applications/{id}/order-link', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  requestBody(event, resendOrderLinkSchema);
  return json(200, await resendOrderLink(id, staffActor(event)));
});
