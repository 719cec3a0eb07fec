import { wizardDataSchema, wizardPatchSchema } from '#shared/wizard/schema.ts';
import { submissionProblems } from '#shared/wizard/steps.ts';
import { ApplicationNotFound, ApplicationPaid, saveApplication, submitApplication } from '../../data/applications.ts';
import { HttpError, httpHandler, json, pathParam, validate } from '../../lib/http.ts';
import { applicationIdSchema } from './params.ts';

/**
 * PATCH /api/llc-applications/{id}: any subset of the wizard data (autosave, add-on toggles).
 * With `completed: true` the body is the whole wizard data and the application is submitted.
 * 200 { id, status? } | 400 | 404 unknown | 409 paid.
 */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const patch = validate(wizardPatchSchema, event.jsonBody);
  try {
    if (patch.completed) {
      const whole = validate(wizardDataSchema, event.jsonBody);
      const problems = submissionProblems(whole);
      if (Object.keys(problems).length) throw new HttpError(400, 'The application is not complete yet', problems);
      await submitApplication(id, whole);
      return json(200, { id, status: 'submitted' });
    }
    await saveApplication(id, patch);
    return json(200, { id });
  } catch (err) {
    if (err instanceof ApplicationNotFound) throw new HttpError(404, 'Application not found');
    if (err instanceof ApplicationPaid) throw new HttpError(409, 'This application has been paid for and can no longer be changed');
    throw err;
  }
});
