import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { mayPerform } from '#shared/staff/actions.ts';
import { emailChangeDecisionSchema } from '#shared/staff/email-delivery.schema.ts';
import { approveEmailChange, cancelEmailChange } from '../../data/applications/contact.ts';
import { toStaffApplication } from '../../data/applications/staff.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * Decides the waiting change of the customer's email address: `approve` (a processor or owner
 * other than the person who asked for it: the change takes effect, old links and browsers end)
 * or `cancel` (anyone who may ask for one); with the reason, audited.
 */
export const handler = route('POST /api/staff/applications/{id}/email-change', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { decision, reason } = requestBody(event, emailChangeDecisionSchema);
  const person = staffActor(event);
  if (decision === 'cancel') return json(200, toStaffApplication(await cancelEmailChange(id, reason, person)));
  if (!mayPerform(person, 'approveEmailChange'))
    throw new ForbiddenError('A processor or an owner approves a change of a customer’s email address', 'role_not_allowed');
  return json(200, toStaffApplication(await approveEmailChange(id, reason, person)));
});
