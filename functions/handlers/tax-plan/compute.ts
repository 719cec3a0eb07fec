import { taxPlanInputOf } from '#shared/saved-tax-plan.ts';
import { taxPlanInputSchema } from '#shared/tax-plan.schema.ts';
import { taxPlan, taxPlanAnswer } from '#shared/tax-plan.ts';
import { json, requestBody, route } from '../../lib/http.ts';

export const handler = route('POST /api/tax-plan', async (event) => {
  return json(200, taxPlanAnswer(taxPlan(taxPlanInputOf(requestBody(event, taxPlanInputSchema)))));
});
