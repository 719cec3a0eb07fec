import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { customerEmailChangeSchema } from '#shared/orders/requests.schema.ts';
import { confirmEmailChange, noEmailChange, stopEmailChange } from '../../data/applications/contact.ts';
import { getApplication, getApplicationForHolder } from '../../data/applications/reads.ts';
import { hasErrorCode, ValidationError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { checkEmailChangeStop } from '../../orders/order-link.ts';

/**
 * POST /api/orders/{id}/email-change: the customer decides the change of the order's email
 * address that staff asked for. `confirm` (holder only): it takes effect, this browser stays in
 * with a new secret (returned), every other link and browser ends. `stop`: by the holder, or by
 * anyone with the signed link the address on file was sent. 200 { decision, resumeSecret? } |
 * 400 invalid_stop_link | 404 | 409 no_email_change (decided already, or another request).
 */
export const handler = route('POST /api/orders/{id}/email-change', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, customerEmailChangeSchema);
  if ('stopToken' in body) {
    const changeId = await checkEmailChangeStop(id, body.stopToken);
    if (!changeId) throw new ValidationError('This link is not valid', { stopToken: ['This link is not valid'] }, 'invalid_stop_link');
    const app = await getApplication(id).catch((err) => {
      if (hasErrorCode(err, 'application_not_found')) throw noEmailChange();
      throw err;
    });
    await stopEmailChange(app, changeId);
    return json(200, { decision: 'stop' as const });
  }
  const app = await getApplicationForHolder(id, resumeSecret(event));
  if (!app.emailChange) throw noEmailChange();
  if (body.decision === 'stop') {
    await stopEmailChange(app, body.changeId);
    return json(200, { decision: 'stop' as const });
  }
  return json(200, { decision: 'confirm' as const, resumeSecret: await confirmEmailChange(app, body.changeId) });
});
