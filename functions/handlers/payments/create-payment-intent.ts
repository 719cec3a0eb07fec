import { createPaymentIntentSchema } from '../../../shared/payments/requests.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';
import { startCardPayment } from '../../payments/card.ts';
import { AmountChangedError } from '../../payments/payable.ts';

export const handler = httpHandler(async (event) => {
  const input = validate(createPaymentIntentSchema, event.jsonBody);
  try {
    return json(200, await startCardPayment(input));
  } catch (err) {
    // The page refreshes its summary from `amount` (cents); nothing was charged.
    if (err instanceof AmountChangedError) return json(409, { error: err.message, amount: err.amountCents });
    throw err;
  }
});
