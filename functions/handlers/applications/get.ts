import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { applicationView, getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';

/** GET /api/llc-applications/{id} (holder only) -> ApplicationResponse (shape in the API contract). */
export const handler = route('GET /api/llc-applications/{id}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  return json(200, await applicationView(await getApplicationForHolder(id, resumeSecret(event))));
});
