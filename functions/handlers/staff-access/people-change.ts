import { personChangeSchema, staffIdSchema } from '#shared/staff/people.schema.ts';
import { changePerson } from '../../data/staff-accounts.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** PATCH /api/staff/people/{id} (owner): a person's role (another owner, for one) and the owner actions granted them; audited. */
export const handler = route('PATCH /api/staff/people/{id}', async (event) =>
  json(200, await changePerson(staffActor(event), pathParam(event, 'id', staffIdSchema), requestBody(event, personChangeSchema))),
);
