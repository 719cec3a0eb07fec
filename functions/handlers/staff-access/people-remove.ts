import { staffIdSchema } from '#shared/staff/people.schema.ts';
import { removePerson } from '../../data/staff-accounts.ts';
import { noContent, pathParam, route, staffActor } from '../../lib/http.ts';

/** DELETE /api/staff/people/{id} (owner): removes a person; their sessions end at once. */
export const handler = route('DELETE /api/staff/people/{id}', async (event) => {
  await removePerson(staffActor(event), pathParam(event, 'id', staffIdSchema));
  return noContent();
});
