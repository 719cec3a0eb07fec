import { passwordAgainSchema } from '#shared/staff/people.schema.ts';
import { json, requestBody, route, sourceIp, staffActor } from '../../lib/http.ts';
import { removeFactor } from '../../staff/sign-in.ts';

/** POST /api/staff/account/second-factor/removal: removes the authenticator app, with the password typed again (where the stage allows none). */
export const handler = route('POST /api/staff/account/second-factor/removal', async (event) => {
  const { password } = event.jsonBody === undefined ? {} : requestBody(event, passwordAgainSchema);
  return json(200, await removeFactor(staffActor(event), password, sourceIp(event), event.staffSessionId ?? ''));
});
