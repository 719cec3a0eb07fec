import * as z from './zod.ts';
import { groupThousands } from './money.ts';
import { MAX_ANNUAL_INCOME, MAX_MONTHLY_EXPENSE } from './savings-rule.ts';

export * from './savings-rule.ts';

// z.number() already refuses NaN and ±Infinity ("must be a number"), so there is no finite check.
const money = (max: number, what: string) =>
  z.number({ error: `${what} must be a number` }).check(z.gte(0, `${what} cannot be negative`), z.lte(max, `${what} cannot exceed ${groupThousands(max)}`));

export const monthlyExpensesSchema = z.strictObject({
  clothing: money(MAX_MONTHLY_EXPENSE, 'Clothing & Styling'),
  meals: money(MAX_MONTHLY_EXPENSE, 'Meals & Entertainment'),
  equipment: money(MAX_MONTHLY_EXPENSE, 'Equipment & Tech'),
  travel: money(MAX_MONTHLY_EXPENSE, 'Travel & Transportation'),
  entertainment: money(MAX_MONTHLY_EXPENSE, 'Conferences & Events'),
  other: money(MAX_MONTHLY_EXPENSE, 'Other Business Expenses'),
});

export const calculatorInputSchema = z.strictObject({
  income: money(MAX_ANNUAL_INCOME, 'Income'),
  expenses: monthlyExpensesSchema,
});
export type CalculatorInput = z.infer<typeof calculatorInputSchema>;
