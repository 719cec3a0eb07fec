import { applicationIdSchema } from '#shared/application-id.ts';
import { applicationUpdateSchema } from '#shared/staff/applications.ts';
import { ApplicationNotFoundError, StatusConflictError, updateApplicationByStaff } from '../../data/staff-applications.ts';
import { HttpError, httpHandler, json, pathParam, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const update = validate(applicationUpdateSchema, event.jsonBody);
  try {
    return json(200, await updateApplicationByStaff(id, update));
  } catch (err) {
    if (err instanceof ApplicationNotFoundError) throw new HttpError(404, err.message);
    if (err instanceof StatusConflictError) return json(409, { error: err.message, currentStatus: err.currentStatus });
    throw err;
  }
});
