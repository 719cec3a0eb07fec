import { createPaymentIntentSchema } from '#shared/payments/requests.schema.ts';
import { httpHandler, json, resumeSecret, validate } from '../../lib/http.ts';
import { startCardPayment } from '../../payments/card.ts';

export const handler = httpHandler(async (event) =>
  json(200, await startCardPayment(validate(createPaymentIntentSchema, event.jsonBody), resumeSecret(event))),
);
