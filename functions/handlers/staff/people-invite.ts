import { inviteSchema } from '#shared/staff/people.schema.ts';
import { invitePerson } from '../../data/staff-accounts.ts';
import { httpHandler, json, staffActor, validate } from '../../lib/http.ts';

/** POST /api/staff/people (owner): invites a person by email (a link that expires). */
export const handler = httpHandler(async (event) => json(201, await invitePerson(staffActor(event), validate(inviteSchema, event.jsonBody))));
