import { taxPlanInputSchema } from '#shared/tax-plan.schema.ts';
import { taxPlan, taxPlanAnswer } from '#shared/tax-plan.ts';
import { json, requestBody, route } from '../../lib/http.ts';

export const handler = route('POST /api/tax-plan', async (event) => {
  const { year: _year, ...input } = requestBody(event, taxPlanInputSchema);
  return json(200, taxPlanAnswer(taxPlan(input)));
});
