import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { annualReportPaymentBodySchema } from '#shared/compliance/annual-report.schema.ts';
import { payAnnualReport } from '../../compliance/annual-report.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';

/** POST /api/orders/{id}/annual-reports/payment (holder only): the report whose charge failed, paid at the agreed price. */
export const handler = route('POST /api/orders/{id}/annual-reports/payment', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, annualReportPaymentBodySchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await payAnnualReport(app, body.card));
});
