import { testConfirmSchema } from '#shared/payments/requests.schema.ts';
import { json, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { confirmTestPayment } from '../../payments/test-payment.ts';

export const handler = route('POST /api/test-payments/confirm', async (event) =>
  json(200, await confirmTestPayment(requestBody(event, testConfirmSchema), resumeSecret(event))),
);
