import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';
import { paymentStatusOf } from '../../payments/status.ts';

export const handler = route('GET /api/payment-status/{applicationId}', async (event) =>
  json(200, await paymentStatusOf(pathParam(event, 'applicationId', applicationIdSchema), resumeSecret(event))),
);
