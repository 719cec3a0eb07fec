import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { recordAnnualReportSchema } from '#shared/compliance/annual-report.schema.ts';
import { recordAnnualReportFiled } from '../../compliance/annual-report.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/annual-report: a report filed, with the state's confirmation
 * number and its receipt uploaded before (`annual_report_receipt`); the customer is emailed.
 */
export const handler = route('POST /api/staff/applications/{id}/annual-report', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, recordAnnualReportSchema);
  const app = await getApplication(id);
  return json(200, await recordAnnualReportFiled(app, body, staffActor(event)));
});
