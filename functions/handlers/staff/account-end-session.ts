import { staffIdSchema } from '#shared/staff/people.schema.ts';
import { endOwnSession } from '../../data/staff-accounts.ts';
import { httpHandler, pathParam, staffActor } from '../../lib/http.ts';

/** DELETE /api/staff/account/sessions/{id}: ends one of the signed-in person's sessions (this one too). */
export const handler = httpHandler(async (event) => {
  await endOwnSession(staffActor(event), pathParam(event, 'id', staffIdSchema));
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
