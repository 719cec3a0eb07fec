import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { customerEmailCorrectionSchema } from '#shared/staff/email-delivery.schema.ts';
import { requestEmailChange } from '../../data/applications/contact.ts';
import { toStaffApplication } from '../../data/applications/staff.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * Asks for the customer's email address to be corrected, with the reason: audited, the address on
 * file is told with a link that stops the change, and nothing changes until the customer confirms
 * it or a second staff member approves it (POST /api/staff/applications/{id}/email-change).
 */
export const handler = route('POST /api/staff/applications/{id}/email', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { email, reason } = requestBody(event, customerEmailCorrectionSchema);
  return json(200, toStaffApplication(await requestEmailChange(id, email, reason, staffActor(event))));
});
