import { stateCostsQuerySchema, stateCostsSchema } from '../../compliance/api.schema.ts';
import { calculatorInputSchema } from '../../savings.schema.ts';
import { taxPlanInputSchema, taxPlanSchema } from '../../tax-plan.schema.ts';
import * as z from '../../zod.ts';
import { calculatorResultSchema, statePriceSchema, statePricingSchema } from '../responses.schema.ts';
import { type RouteGroup, stateCodeParam } from './entry.schema.ts';

/** Prices, the savings and tax calculators and a state's true three-year cost: static data (the cost also reads the operator's settings). */
export const PRICING_ROUTES = {
  'GET /api/states': {
    handler: 'states/list',
    operationId: 'listStates',
    summary: "Every state's filing fee, service fee, total and processing time, sorted by name",
    tag: 'Pricing',
    access: 'public',
    responses: { 200: z.array(statePricingSchema) },
  },
  'GET /api/state-pricing/{stateCode}': {
    handler: 'states/get-pricing',
    operationId: 'getStatePricing',
    summary: "One state's price",
    tag: 'Pricing',
    access: 'public',
    params: stateCodeParam,
    responses: { 200: statePriceSchema },
  },
  'POST /api/calculate-savings': {
    handler: 'savings/calculate',
    operationId: 'calculateSavings',
    summary: 'Estimated yearly tax savings from monthly business expenses',
    tag: 'Pricing',
    access: 'public',
    body: calculatorInputSchema,
    responses: { 200: calculatorResultSchema },
  },
  'POST /api/tax-plan': {
    handler: 'tax-plan/compute',
    operationId: 'computeTaxPlan',
    summary: "A creator's 2026 federal tax as a sole proprietor and as an S-corporation owner with a salary",
    description:
      'Self-employment tax, income tax and the qualified-business-income deduction as a sole proprietor or single-member LLC; with a `salary`, the same as an S-corporation owner (payrollTax counts the employee and employer halves; runningCosts are the default estimates), the savings of the election and its break-even profit at that salary share; the four quarterly estimates under the 90% safe harbour. Whole dollars; `sources` names where each figure comes from. An estimate, not tax advice.',
    tag: 'Pricing',
    access: 'public',
    body: taxPlanInputSchema,
    responses: { 200: taxPlanSchema },
  },
  'GET /api/state-costs/{stateCode}': {
    handler: 'state-costs/get',
    operationId: 'getStateCosts',
    summary: "An LLC's itemised first three years in a state, whole dollars, every line with its source",
    description:
      'With `residence` (the state the owner lives and works in), also that state’s foreign registration fee and its own yearly obligations. `total` is the sum of the lines. An unknown code is a 404.',
    tag: 'Pricing',
    access: 'public',
    params: stateCodeParam,
    query: stateCostsQuerySchema,
    responses: { 200: stateCostsSchema },
    tables: { operatorSettings: 'read' },
  },
} as const satisfies RouteGroup<'Pricing'>;
