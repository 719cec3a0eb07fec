import { applePayProcessSchema } from '#shared/payments/requests.schema.ts';
import { httpHandler, json, resumeSecret, validate } from '../../lib/http.ts';
import { processApplePayment } from '../../payments/apple-pay-payment.ts';

export const handler = httpHandler(async (event) => json(200, await processApplePayment(validate(applePayProcessSchema, event.jsonBody), resumeSecret(event))));
