import { calculatorInputSchema } from '#shared/savings.schema.ts';
import { calculateSavings } from '#shared/savings.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const input = validate(calculatorInputSchema, event.jsonBody);
  // The same capped rule the browser shows: savings never exceed the tax the income could bear.
  return json(200, calculateSavings(input.expenses, input.income));
});
