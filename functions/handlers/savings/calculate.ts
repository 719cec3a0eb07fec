import { calculateSavings, calculatorInputSchema } from '#shared/savings.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const input = validate(calculatorInputSchema, event.jsonBody);
  return json(200, calculateSavings(input.expenses));
});
