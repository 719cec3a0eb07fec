import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { annualReportView } from '../../compliance/annual-report.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';

/** GET /api/orders/{id}/annual-reports (holder only): the annual reports we file, as the order page shows them (docs/decisions/0431). */
export const handler = route('GET /api/orders/{id}/annual-reports', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, annualReportView(app));
});
