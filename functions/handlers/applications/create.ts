import { wizardPatchSchema } from '#shared/wizard/data.schema.ts';
import { createApplication } from '../../data/applications/wizard.ts';
import { ValidationError } from '../../lib/errors.ts';
import { json, requestBody, route } from '../../lib/http.ts';

/** POST /api/llc-applications: first save of a wizard; the server makes the id. 201 { id }. */
export const handler = route('POST /api/llc-applications', async (event) => {
  const data = requestBody(event, wizardPatchSchema);
  if (data.completed)
    throw new ValidationError('Save the application first, then submit it with PATCH /api/llc-applications/{id}', {
      completed: ['Not allowed on the first save'],
    });
  return json(201, await createApplication(data));
});
