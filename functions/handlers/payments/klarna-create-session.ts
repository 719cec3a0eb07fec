import { klarnaSessionSchema } from '#shared/payments/requests.ts';
import { httpHandler, validate } from '../../lib/http.ts';
import { startKlarnaSession } from '../../payments/klarna-payment.ts';
import { startPaymentResponse } from '../../payments/payable.ts';

export const handler = httpHandler(async (event) => {
  const input = validate(klarnaSessionSchema, event.jsonBody);
  return startPaymentResponse(() => startKlarnaSession(input));
});
