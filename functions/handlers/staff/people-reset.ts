import { staffIdSchema } from '#shared/staff/people.schema.ts';
import { resetSignIn } from '../../data/staff-accounts.ts';
import { httpHandler, json, pathParam, staffActor } from '../../lib/http.ts';

/** POST /api/staff/people/{id}/reset (owner): clears the password and second factor, ends the sessions, sends a new invitation. */
export const handler = httpHandler(async (event) => json(200, await resetSignIn(staffActor(event), pathParam(event, 'id', staffIdSchema))));
