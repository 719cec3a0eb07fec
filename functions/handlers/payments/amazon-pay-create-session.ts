import { amazonPaySessionSchema } from '#shared/payments/requests.ts';
import { httpHandler, validate } from '../../lib/http.ts';
import { startAmazonPaySession } from '../../payments/amazon-pay-payment.ts';
import { startPaymentResponse } from '../../payments/payable.ts';

export const handler = httpHandler(async (event) => {
  const input = validate(amazonPaySessionSchema, event.jsonBody);
  return startPaymentResponse(() => startAmazonPaySession(input));
});
