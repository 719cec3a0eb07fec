import { z } from 'zod';

/** The six monthly expense categories, in display order, with their labels (SPEC "Embedded savings calculator"). */
export const EXPENSE_CATEGORIES = [
  { key: 'clothing', label: 'Clothing & Styling' },
  { key: 'meals', label: 'Meals & Entertainment' },
  { key: 'equipment', label: 'Equipment & Tech' },
  { key: 'travel', label: 'Travel & Transportation' },
  { key: 'entertainment', label: 'Conferences & Events' },
  { key: 'other', label: 'Other Business Expenses' },
] as const;

export type ExpenseKey = (typeof EXPENSE_CATEGORIES)[number]['key'];
export type MonthlyExpenses = Record<ExpenseKey, number>;

/** Flat effective rate used for the estimate (SPEC section 9: savings = 25% of annual deductions). */
export const TAX_RATE_PERCENT = 25;
export const MAX_ANNUAL_INCOME = 100_000_000;
export const MAX_MONTHLY_EXPENSE = 10_000_000;

export const EMPTY_EXPENSES: MonthlyExpenses = { clothing: 0, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 };

const money = (max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .finite(`${what} must be a finite number`)
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} cannot exceed ${max.toLocaleString('en-US')}`);

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

export interface CalculatorResult {
  monthlyExpenses: number;
  annualExpenses: number;
  estimatedSavings: number;
  taxRate: number;
}

/** annual deductions = monthly total x 12; savings = 25% of that, rounded. */
export function calculateSavings(expenses: MonthlyExpenses): CalculatorResult {
  const monthlyExpenses = EXPENSE_CATEGORIES.reduce((sum, c) => sum + (expenses[c.key] ?? 0), 0);
  const annualExpenses = monthlyExpenses * 12;
  return {
    monthlyExpenses,
    annualExpenses,
    estimatedSavings: Math.round((annualExpenses * TAX_RATE_PERCENT) / 100),
    taxRate: TAX_RATE_PERCENT,
  };
}

/** The calculator's input parse: non-numeric or empty is 0 (integer parse, SPEC section 5). */
export function parseAmount(raw: string): number {
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
