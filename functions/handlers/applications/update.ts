import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { wizardDataSchema, wizardPatchSchema } from '#shared/wizard/data.schema.ts';
import { changeApplication } from '../../applications/visitor-changes.ts';
import { applicationNotFound } from '../../lib/errors.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';

/**
 * PATCH /api/llc-applications/{id} (holder only): any subset of the wizard data (autosave,
 * add-on toggles). With `completed: true` the body is the whole wizard data and the application
 * is submitted. 200 { id, status? } | 400 | 404 unknown or not the holder | 409 payment started
 * and in progress, or paid.
 */
export const handler = route('PATCH /api/llc-applications/{id}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const patch = requestBody(event, wizardPatchSchema);
  const secret = resumeSecret(event);
  if (!secret) throw applicationNotFound();
  if (!patch.completed) {
    await changeApplication(id, secret, { patch });
    return json(200, { id });
  }
  await changeApplication(id, secret, { submit: requestBody(event, wizardDataSchema) });
  return json(200, { id, status: 'submitted' });
});
