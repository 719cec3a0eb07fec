import { createPaymentIntentSchema } from '#shared/payments/requests.schema.ts';
import { json, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { startCardPayment } from '../../payments/card.ts';

export const handler = route('POST /api/create-payment-intent', async (event) =>
  json(200, await startCardPayment(requestBody(event, createPaymentIntentSchema), resumeSecret(event))),
);
