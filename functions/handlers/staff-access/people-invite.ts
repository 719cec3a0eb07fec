import { inviteSchema } from '#shared/staff/people.schema.ts';
import { invitePerson } from '../../data/staff-accounts.ts';
import { json, requestBody, route, staffActor } from '../../lib/http.ts';

/** POST /api/staff/people (owner): invites a person by email (a link that expires). */
export const handler = route('POST /api/staff/people', async (event) => json(201, await invitePerson(staffActor(event), requestBody(event, inviteSchema))));
