import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { httpHandler, json, pathParam, staffActor } from '../../lib/http.ts';
import { refundApplication } from '../../payments/refund.ts';

/** POST /api/staff/applications/{id}/refund: the order's money back, recorded (functions/payments/refund.ts). */
export const handler = httpHandler(async (event) => json(200, await refundApplication(pathParam(event, 'id', applicationIdSchema), staffActor(event))));
