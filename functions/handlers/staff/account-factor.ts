import { addSecondFactorSchema } from '#shared/staff/people.schema.ts';
import { addFactor, startAddingFactor } from '../../data/sign-in.ts';
import { json, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/account/second-factor: without a body, a new authenticator-app secret to scan;
 * with its ticket and the app's first code, the account gets the app.
 */
export const handler = route('POST /api/staff/account/second-factor', async (event) => {
  if (event.jsonBody === undefined) return json(200, await startAddingFactor(staffActor(event)));
  const { ticket, totpCode } = requestBody(event, addSecondFactorSchema);
  return json(200, await addFactor(staffActor(event), ticket, totpCode, event.staffSessionId ?? ''));
});
