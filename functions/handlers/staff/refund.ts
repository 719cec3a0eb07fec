import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { refundRequestSchema } from '#shared/staff/refund.schema.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';
import { refundApplication } from '../../payments/refund.ts';

/** POST /api/staff/applications/{id}/refund: part or all of the order's money back, with the reason, recorded and emailed (functions/payments/refund.ts). */
export const handler = route('POST /api/staff/applications/{id}/refund', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const request = requestBody(event, refundRequestSchema);
  return json(200, await refundApplication(id, request, staffActor(event)));
});
