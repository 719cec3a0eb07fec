import { calculatorInputSchema } from '#shared/savings.schema.ts';
import { calculateSavings } from '#shared/savings.ts';
import { json, requestBody, route } from '../../lib/http.ts';

export const handler = route('POST /api/calculate-savings', async (event) => {
  const input = requestBody(event, calculatorInputSchema);
  // The same capped rule the browser shows: savings never exceed the tax the income could bear.
  return json(200, calculateSavings(input.expenses, input.income));
});
