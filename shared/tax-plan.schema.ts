import { dollars, int } from './common.schema.ts';
import { groupThousands } from './money.ts';
import { FILING_STATUSES, MAX_TAX_PLAN_AMOUNT, TAX_PLAN_SOURCES, TAX_PLAN_YEARS, type TaxPlanAnswer } from './tax-plan.ts';
import * as z from './zod.ts';

// z.number() refuses NaN, ±Infinity and strings ("must be a number"), so a non-numeric value is a 400 naming its field.
export const taxAmount = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .check(z.gte(0, `${what} cannot be negative`), z.lte(MAX_TAX_PLAN_AMOUNT, `${what} cannot exceed ${groupThousands(MAX_TAX_PLAN_AMOUNT)}`));

export const taxPlanInputSchema = z
  .strictObject({
    year: z.union(
      TAX_PLAN_YEARS.map((y) => z.literal(y)),
      { error: `Year must be ${TAX_PLAN_YEARS.join(' or ')}: the plan has that year's figures only` },
    ),
    filingStatus: z.enum(FILING_STATUSES, { error: "Filing status must be 'single' or 'joint'" }),
    profit: taxAmount('Profit'),
    salary: z.optional(taxAmount('Salary')),
    otherWages: z.optional(taxAmount('Other wages')),
    withholding: z.optional(taxAmount('Withholding')),
    priorYearTax: z.optional(taxAmount("Last year's tax")),
    priorYearAgi: z.optional(taxAmount("Last year's adjusted gross income")),
    /** The share (0 to 1) of the income that is endorsement, likeness or name income (a specified service business for the QBI deduction). */
    specifiedServiceShare: z.optional(
      z
        .number({ error: 'The endorsement share must be a number' })
        .check(z.gte(0, 'The endorsement share cannot be negative'), z.lte(1, 'The endorsement share is at most 1 (all of it)')),
    ),
  })
  .check(
    z.refine((v) => (v.priorYearTax === undefined) === (v.priorYearAgi === undefined), {
      message: "Give last year's adjusted gross income with last year's tax: it decides whether 100% or 110% of it is the safe harbour",
      path: ['priorYearAgi'],
    }),
    z.refine((v) => v.salary === undefined || typeof v.profit !== 'number' || v.salary <= v.profit, {
      message: 'Salary cannot exceed the profit it is paid from',
      path: ['salary'],
    }),
  );
export type TaxPlanRequest = z.infer<typeof taxPlanInputSchema>;

const sourceKeys = Object.keys(TAX_PLAN_SOURCES) as (keyof typeof TAX_PLAN_SOURCES)[];

/** POST /api/tax-plan's answer: the plan in whole dollars (payrollTax counts both halves), and where each figure comes from. */
export const taxPlanSchema = z.object({
  year: z.literal(2026),
  filingStatus: z.enum(FILING_STATUSES),
  profit: dollars(),
  soleProprietor: z.object({ selfEmploymentTax: dollars(), incomeTax: dollars(), qbiDeduction: dollars(), total: dollars() }),
  sCorp: z.optional(
    z.object({
      salary: dollars(),
      payrollTax: dollars(),
      incomeTax: dollars(),
      qbiDeduction: dollars(),
      runningCosts: dollars(),
      total: dollars(),
      /** Negative when the election costs more than it saves. */
      savings: int(),
    }),
  ),
  breakEvenProfit: z.optional(dollars()),
  quarterly: z.array(z.object({ due: z.string(), amount: dollars() })),
  quarterlyRule: z.object({
    safeHarbour: z.enum(['current-year', 'prior-year']),
    share: z.number(),
    requiredPayment: dollars(),
    withholding: dollars(),
  }),
  sources: z.object(Object.fromEntries(sourceKeys.map((k) => [k, z.string()])) as Record<keyof typeof TAX_PLAN_SOURCES, z.ZodMiniString>),
}) satisfies z.ZodMiniType<TaxPlanAnswer>;
