import { taxPlanInputSchema } from '#shared/tax-plan.schema.ts';
import { taxPlan, taxPlanAnswer } from '#shared/tax-plan.ts';
import { json, requestBody, route } from '../../lib/http.ts';

export const handler = route('POST /api/tax-plan', async (event) => {
  const { year: _year, priorYearTax, priorYearAgi, ...input } = requestBody(event, taxPlanInputSchema);
  const priorYear = priorYearTax === undefined || priorYearAgi === undefined ? undefined : { tax: priorYearTax, agi: priorYearAgi };
  return json(200, taxPlanAnswer(taxPlan({ ...input, ...(priorYear ? { priorYear } : {}) })));
});
