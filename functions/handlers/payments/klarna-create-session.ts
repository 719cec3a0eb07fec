import { klarnaSessionSchema } from '../../../shared/payments/requests.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';
import { startKlarnaSession } from '../../payments/klarna-payment.ts';
import { AmountChangedError } from '../../payments/payable.ts';

export const handler = httpHandler(async (event) => {
  try {
    return json(200, await startKlarnaSession(validate(klarnaSessionSchema, event.jsonBody)));
  } catch (err) {
    if (err instanceof AmountChangedError) return json(409, { error: err.message, amount: err.amountCents });
    throw err;
  }
});
