import { amazonPaySessionSchema } from '../../../shared/payments/requests.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';
import { startAmazonPaySession } from '../../payments/amazon-pay-payment.ts';
import { AmountChangedError } from '../../payments/payable.ts';

export const handler = httpHandler(async (event) => {
  try {
    return json(200, await startAmazonPaySession(validate(amazonPaySessionSchema, event.jsonBody)));
  } catch (err) {
    if (err instanceof AmountChangedError) return json(409, { error: err.message, amount: err.amountCents });
    throw err;
  }
});
