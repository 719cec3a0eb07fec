import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { json, pathParam, route, staffActor } from '../../lib/http.ts';
import { refundApplication } from '../../payments/refund.ts';

/** POST /api/staff/applications/{id}/refund: the order's money back, recorded (functions/payments/refund.ts). */
export const handler = route('POST /api/staff/applications/{id}/refund', async (event) =>
  json(200, await refundApplication(pathParam(event, 'id', applicationIdSchema), staffActor(event))),
);
