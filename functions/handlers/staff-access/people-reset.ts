import { staffIdSchema } from '#shared/staff/people.schema.ts';
import { resetSignIn } from '../../data/staff-accounts.ts';
import { json, pathParam, route, staffActor } from '../../lib/http.ts';

/** POST /api/staff/people/{id}/reset (owner): clears the password and second factor, ends the sessions, sends a new invitation. */
export const handler = route('POST /api/staff/people/{id}/reset', async (event) =>
  json(200, await resetSignIn(staffActor(event), pathParam(event, 'id', staffIdSchema))),
);
