import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { cancelAnnualReports } from '../../compliance/annual-report.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';

/** POST /api/orders/{id}/annual-reports/cancel (holder only): one step, with the confirmation email; no charge follows. */
export const handler = route('POST /api/orders/{id}/annual-reports/cancel', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await cancelAnnualReports(app));
});
