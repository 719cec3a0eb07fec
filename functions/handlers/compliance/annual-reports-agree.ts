import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { annualReportAgreeSchema } from '#shared/compliance/annual-report.schema.ts';
import { agreeToAnnualReports } from '../../compliance/annual-report.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { getOperatorSettings } from '../../data/operator-settings.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';

/** POST /api/orders/{id}/annual-reports (holder only): the consent, the price frozen at our fee in force plus the state's. */
export const handler = route('POST /api/orders/{id}/annual-reports', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  requestBody(event, annualReportAgreeSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await agreeToAnnualReports(app, await getOperatorSettings()));
});
