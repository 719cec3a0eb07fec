import { addSecondFactorSchema, passwordAgainSchema } from '#shared/staff/people.schema.ts';
import { json, requestBody, route, sourceIp, staffActor } from '../../lib/http.ts';
import { addFactor, startChangingFactor } from '../../staff/sign-in.ts';

/**
 * POST /api/staff/account/second-factor: with the password typed again, a new authenticator-app
 * secret to scan (adding an app, or replacing the one the account has); with its ticket and the
 * app's first code, the account gets the app. Without the password: 403 password_required.
 */
export const handler = route('POST /api/staff/account/second-factor', async (event) => {
  const body = event.jsonBody;
  if (body && typeof body === 'object' && 'ticket' in body) {
    const { ticket, totpCode } = requestBody(event, addSecondFactorSchema);
    return json(200, await addFactor(staffActor(event), ticket, totpCode, event.staffSessionId ?? ''));
  }
  const { password } = body === undefined ? {} : requestBody(event, passwordAgainSchema);
  return json(200, await startChangingFactor(staffActor(event), password, sourceIp(event), event.staffSessionId ?? ''));
});
