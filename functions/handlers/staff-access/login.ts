import { secondFactorSchema, staffLoginSchema, staffLoginWithProofSchema } from '#shared/staff/people.schema.ts';
import { deviceOf, json, requestBody, route, sourceIp } from '../../lib/http.ts';
import { completeSecondFactor, signIn, signInWithProof } from '../../staff/sign-in.ts';

/**
 * POST /api/staff/login, in two steps (functions/staff/sign-in.ts): email and password, answered
 * signed in or with the second step's ticket; then the ticket and the authenticator app's code
 * (or one of the recovery codes). Once the account's budget of wrong passwords is spent, in one:
 * email, password and the second proof together.
 */
export const handler = route('POST /api/staff/login', async (event) => {
  const body = event.jsonBody;
  if (body && typeof body === 'object' && 'ticket' in body) {
    const { ticket, ...proof } = requestBody(event, secondFactorSchema);
    return json(200, await completeSecondFactor(ticket, proof, sourceIp(event), deviceOf(event)));
  }
  if (body && typeof body === 'object' && ('totpCode' in body || 'recoveryCode' in body || 'emailCode' in body)) {
    const { email, password, ...proof } = requestBody(event, staffLoginWithProofSchema);
    return json(200, await signInWithProof(email, password, proof, sourceIp(event), deviceOf(event)));
  }
  const { email, password } = requestBody(event, staffLoginSchema);
  return json(200, await signIn(email, password, sourceIp(event), deviceOf(event)));
});
