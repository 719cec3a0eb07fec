import { applicationIdSchema } from '#shared/application-id.ts';
import { applicationUpdateSchema } from '#shared/staff/applications.ts';
import { updateApplicationByStaff } from '../../data/applications/store.ts';
import { httpHandler, json, pathParam, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const update = validate(applicationUpdateSchema, event.jsonBody);
  return json(200, await updateApplicationByStaff(id, update));
});
