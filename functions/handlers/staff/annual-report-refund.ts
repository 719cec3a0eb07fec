import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { annualReportRefundSchema } from '#shared/staff/annual-report-refund.schema.ts';
import { refundAnnualReport } from '../../compliance/annual-report-refund.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/annual-report/refund: an owner gives back one annual report's
 * charge, with the reason, as the Refund Policy allows (docs/decisions/0435).
 */
export const handler = route('POST /api/staff/applications/{id}/annual-report/refund', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, annualReportRefundSchema);
  return json(200, await refundAnnualReport(id, body, staffActor(event)));
});
