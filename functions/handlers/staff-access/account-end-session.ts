import { staffIdSchema } from '#shared/staff/people.schema.ts';
import { endOwnSession } from '../../data/staff-accounts.ts';
import { noContent, pathParam, route, staffActor } from '../../lib/http.ts';

/** DELETE /api/staff/account/sessions/{id}: ends one of the signed-in person's sessions (this one too). */
export const handler = route('DELETE /api/staff/account/sessions/{id}', async (event) => {
  await endOwnSession(staffActor(event), pathParam(event, 'id', staffIdSchema));
  return noContent();
});
