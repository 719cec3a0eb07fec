import { amazonPaySessionSchema } from '#shared/payments/requests.schema.ts';
import { json, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { startAmazonPaySession } from '../../payments/amazon-pay-payment.ts';

export const handler = route('POST /api/amazon-pay/create-session', async (event) =>
  json(200, await startAmazonPaySession(requestBody(event, amazonPaySessionSchema), resumeSecret(event))),
);
