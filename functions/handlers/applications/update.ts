import { applicationIdSchema } from '#shared/application-id.ts';
import { wizardDataSchema, wizardPatchSchema } from '#shared/wizard/schema.ts';
import { saveApplication, submitApplication } from '../../data/applications/store.ts';
import { httpHandler, json, pathParam, validate } from '../../lib/http.ts';

/**
 * PATCH /api/llc-applications/{id}: any subset of the wizard data (autosave, add-on toggles).
 * With `completed: true` the body is the whole wizard data and the application is submitted.
 * 200 { id, status? } | 400 | 404 unknown | 409 paid.
 */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const patch = validate(wizardPatchSchema, event.jsonBody);
  if (!patch.completed) {
    await saveApplication(id, patch);
    return json(200, { id });
  }
  await submitApplication(id, validate(wizardDataSchema, event.jsonBody));
  return json(200, { id, status: 'submitted' });
});
