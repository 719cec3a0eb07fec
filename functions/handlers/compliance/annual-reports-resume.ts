import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { resumeAnnualReports } from '../../compliance/annual-report.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';

/** POST /api/orders/{id}/annual-reports/resume (holder only): the undo, at the price agreed before. */
export const handler = route('POST /api/orders/{id}/annual-reports/resume', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await resumeAnnualReports(app));
});
