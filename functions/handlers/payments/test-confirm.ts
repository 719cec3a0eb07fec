import { testConfirmSchema } from '#shared/payments/requests.schema.ts';
import { httpHandler, json, resumeSecret, validate } from '../../lib/http.ts';
import { confirmTestPayment } from '../../payments/test-payment.ts';

export const handler = httpHandler(async (event) => json(200, await confirmTestPayment(validate(testConfirmSchema, event.jsonBody), resumeSecret(event))));
