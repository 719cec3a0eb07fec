import { passwordAgainSchema } from '#shared/staff/people.schema.ts';
import { json, requestBody, route, sourceIp, staffActor } from '../../lib/http.ts';
import { regenerateRecoveryCodes } from '../../staff/sign-in.ts';

/** POST /api/staff/account/recovery-codes: ten new recovery codes (the old ones stop working), with the password typed again. */
export const handler = route('POST /api/staff/account/recovery-codes', async (event) => {
  const { password } = event.jsonBody === undefined ? {} : requestBody(event, passwordAgainSchema);
  return json(200, await regenerateRecoveryCodes(staffActor(event), password, sourceIp(event), event.staffSessionId ?? ''), { 'Cache-Control': 'no-store' });
});
