import { secondFactorRequired } from '../../data/sign-in.ts';
import { readPerson, viewAccount } from '../../data/staff-accounts.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { json, route, staffActor } from '../../lib/http.ts';

/** GET /api/staff/account: the signed-in person, their second factor and their live sessions. */
export const handler = route('GET /api/staff/account', async (event) => {
  const person = await readPerson(staffActor(event).id);
  if (person?.status !== 'active') throw new UnauthorizedError();
  return json(200, viewAccount(person, event.staffSessionId ?? '', secondFactorRequired()));
});
