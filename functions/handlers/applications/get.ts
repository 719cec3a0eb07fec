import { getApplicationView } from '../../data/applications.ts';
import { HttpError, httpHandler, json, pathParam } from '../../lib/http.ts';
import { applicationIdSchema } from './params.ts';

/** GET /api/llc-applications/{id} -> ApplicationResponse (shape documented in shared/wizard/application.ts). */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const view = await getApplicationView(id);
  if (!view) throw new HttpError(404, 'Application not found');
  return json(200, view);
});
