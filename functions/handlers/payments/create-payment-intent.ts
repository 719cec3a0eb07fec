import { createPaymentIntentSchema } from '#shared/payments/requests.ts';
import { httpHandler, validate } from '../../lib/http.ts';
import { startCardPayment } from '../../payments/card.ts';
import { startPaymentResponse } from '../../payments/payable.ts';

export const handler = httpHandler(async (event) => {
  const input = validate(createPaymentIntentSchema, event.jsonBody);
  return startPaymentResponse(() => startCardPayment(input));
});
