import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { resumeRegisteredAgentRenewal } from '../../compliance/renewal.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';

/** POST /api/orders/{id}/registered-agent/resume-renewal (holder only): undoes a cancelled renewal until the service ends. */
export const handler = route('POST /api/orders/{id}/registered-agent/resume-renewal', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, { registeredAgent: await resumeRegisteredAgentRenewal(app) });
});
