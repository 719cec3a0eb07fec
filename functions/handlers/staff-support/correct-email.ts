import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { customerEmailCorrectionSchema } from '#shared/staff/email-delivery.schema.ts';
import { correctCustomerEmail } from '../../data/applications/contact.ts';
import { toStaffApplication } from '../../data/applications/staff.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** Corrects the customer's email address, with the reason: audited, and both addresses are told. */
export const handler = route('POST /api/staff/applications/{id}/email', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { email, reason } = requestBody(event, customerEmailCorrectionSchema);
  return json(200, toStaffApplication(await correctCustomerEmail(id, email, reason, staffActor(event))));
});
