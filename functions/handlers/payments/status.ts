import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { httpHandler, json, pathParam, resumeSecret } from '../../lib/http.ts';
import { paymentStatusOf } from '../../payments/status.ts';

export const handler = httpHandler(async (event) =>
  json(200, await paymentStatusOf(pathParam(event, 'applicationId', applicationIdSchema), resumeSecret(event))),
);
