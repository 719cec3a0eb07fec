import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { assignSchema } from '#shared/staff/assignment.schema.ts';
import { assignablePerson, assignOrder } from '../../data/applications/assignment.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

export const handler = route('PUT /api/staff/applications/{id}/assignee', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { personId, version } = requestBody(event, assignSchema);
  const person = personId ? await assignablePerson(personId) : null;
  return json(200, await assignOrder(id, person, version, staffActor(event)));
});
