import { isSoleOwner, readPerson, viewAccount } from '../../data/staff-accounts.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { json, route, staffActor } from '../../lib/http.ts';
import { secondFactorRequired } from '../../staff/sign-in.ts';

/**
 * GET /api/staff/account: the signed-in person, their role and permissions, their second factor
 * and their live sessions; for an owner, whether they are the only one (one Query: staff are few).
 */
export const handler = route('GET /api/staff/account', async (event) => {
  const person = await readPerson(staffActor(event).id);
  if (person?.status !== 'active') throw new UnauthorizedError();
  return json(200, viewAccount(person, event.staffSessionId ?? '', secondFactorRequired(), await isSoleOwner(person)));
});
