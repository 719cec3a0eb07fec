import { dollars } from './common.schema.ts';
import { groupThousands } from './money.ts';
import { type CalculatorResult, EXPENSE_CATEGORIES, type ExpenseKey, MAX_ANNUAL_INCOME, MAX_MONTHLY_EXPENSE } from './savings.ts';
import * as z from './zod.ts';

// z.number() already refuses NaN and ±Infinity ("must be a number"), so there is no finite check.
const money = (max: number, what: string) =>
  z.number({ error: `${what} must be a number` }).check(z.gte(0, `${what} cannot be negative`), z.lte(max, `${what} cannot exceed ${groupThousands(max)}`));

/** A monthly expense field, named in its messages by the category's label. */
const expense = (key: ExpenseKey) => money(MAX_MONTHLY_EXPENSE, EXPENSE_CATEGORIES.find((c) => c.key === key)!.label);

export const monthlyExpensesSchema = z.strictObject({
  clothing: expense('clothing'),
  meals: expense('meals'),
  equipment: expense('equipment'),
  travel: expense('travel'),
  entertainment: expense('entertainment'),
  other: expense('other'),
});

export const calculatorInputSchema = z.strictObject({
  income: money(MAX_ANNUAL_INCOME, 'Income'),
  expenses: monthlyExpensesSchema,
});
export type CalculatorInput = z.infer<typeof calculatorInputSchema>;

export const calculatorResultSchema = z.object({
  monthlyExpenses: dollars(),
  annualExpenses: dollars(),
  estimatedSavings: dollars(),
  /** Percent. */
  taxRate: z.number(),
}) satisfies z.ZodMiniType<CalculatorResult>;
