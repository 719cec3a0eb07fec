import { INCOME_KINDS, type IncomeKind } from './income-map.ts';
import { taxAmount, taxPlanInputSchema, taxPlanSchema } from './tax-plan.schema.ts';
import * as z from './zod.ts';

// PUT /api/orders/{id}/tax-plan: the plan as POST /api/tax-plan takes it (the same schema, under
// `plan`), the running costs the creator changed, and the income map. The server computes the
// amounts (shared/saved-tax-plan.ts); a 400 names the field (`plan.profit`, `incomeMap.tips`).

export const runningCostsSchema = z.strictObject({
  payrollService: taxAmount('Payroll service'),
  taxPreparer: taxAmount('Tax preparer'),
  stateFees: taxAmount("State's S-corporation fees"),
});

const INCOME_LABELS: Record<IncomeKind, string> = {
  platform: 'Platform payouts',
  brandDeals: 'Brand deals',
  tips: 'Viewer tips',
  affiliate: 'Affiliate commissions',
  gifted: 'Gifted products',
};

export const savedIncomeMapSchema = z.strictObject({
  ...(Object.fromEntries(INCOME_KINDS.map((k) => [k, taxAmount(INCOME_LABELS[k])])) as Record<IncomeKind, ReturnType<typeof taxAmount>>),
  expenses: taxAmount('Business expenses'),
});

export const savedTaxPlanBodySchema = z.strictObject({
  plan: taxPlanInputSchema,
  runningCosts: z.optional(runningCostsSchema),
  incomeMap: z.optional(savedIncomeMapSchema),
});
export type SavedTaxPlanBody = z.infer<typeof savedTaxPlanBodySchema>;

/** The saved plan as the order page shows it: the inputs, the plan computed now, and the safe harbour in words. */
export const savedTaxPlanViewSchema = z.object({
  savedAt: z.string(),
  request: taxPlanInputSchema,
  runningCosts: runningCostsSchema,
  incomeMap: z.optional(savedIncomeMapSchema),
  answer: taxPlanSchema,
  /** The safe harbour the instalments follow, in plain words, as true on `onDay.asOf` (no promise of no penalty once a date has passed). */
  rule: z.string(),
  /** The plan on the server's day (shared/saved-tax-plan.ts planOnDay): past dates, what is owed now, the penalty and the way out. */
  onDay: z.object({
    asOf: z.string(),
    instalments: z.array(z.object({ due: z.string(), amount: z.number(), quarter: z.number(), past: z.boolean() })),
    owedNow: z.number(),
    allPast: z.boolean(),
    rule: z.string(),
    catchUp: z.optional(z.string()),
    penalty: z.optional(z.string()),
    annualised: z.optional(z.string()),
    nextYear: z.optional(z.string()),
    nextYearPlan: z.optional(
      z.object({
        year: z.number(),
        instalments: z.array(z.object({ due: z.string(), amount: z.number() })),
        share: z.number(),
        basis: z.object({ tax: z.number(), agi: z.number() }),
        requiredPayment: z.number(),
        label: z.string(),
      }),
    ),
  }),
  /** The year-end summary PDF in the vault (GET /api/orders/{id}/documents/{documentId}). */
  summaryDocumentId: z.string(),
  /** With a salary in the plan: starting payroll (shared/s-corp/payroll.ts payrollHandOff). */
  payroll: z.optional(
    z.object({
      salary: z.number(),
      reasoning: z.array(z.object({ text: z.string(), source: z.optional(z.string()) })),
      checklist: z.object({
        federal: z.array(z.object({ id: z.string(), text: z.string(), source: z.optional(z.string()) })),
        state: z.array(z.object({ id: z.string(), text: z.string(), source: z.optional(z.string()) })),
      }),
      sourceUrl: z.string(),
      checked: z.string(),
    }),
  ),
});
export type SavedTaxPlanView = z.infer<typeof savedTaxPlanViewSchema>;
