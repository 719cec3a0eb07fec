import { staffIdSchema } from '#shared/staff/people.schema.ts';
import { removePerson } from '../../data/staff-accounts.ts';
import { httpHandler, pathParam, staffActor } from '../../lib/http.ts';

/** DELETE /api/staff/people/{id} (owner): removes a person; their sessions end at once. */
export const handler = httpHandler(async (event) => {
  await removePerson(staffActor(event), pathParam(event, 'id', staffIdSchema));
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
