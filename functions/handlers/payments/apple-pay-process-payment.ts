import { applePayProcessSchema } from '#shared/payments/requests.schema.ts';
import { json, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { processApplePayment } from '../../payments/apple-pay-payment.ts';

export const handler = route('POST /api/apple-pay/process-payment', async (event) =>
  json(200, await processApplePayment(requestBody(event, applePayProcessSchema), resumeSecret(event))),
);
