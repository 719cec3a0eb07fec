import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { applicationView, getApplicationForHolder } from '../../data/applications/reads.ts';
import { httpHandler, json, pathParam, resumeSecret } from '../../lib/http.ts';

/** GET /api/llc-applications/{id} (holder only) -> ApplicationResponse (shape in the API contract). */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  return json(200, applicationView(await getApplicationForHolder(id, resumeSecret(event))));
});
