// The savings estimate rule (docs/product.md section 9) without its input schemas, so the browser can use
// it without loading zod. shared/savings.ts re-exports everything here.

import type { CalculatorResult } from './api/responses.ts';

/** The six monthly expense categories, in display order, with their labels (docs/product.md "Embedded savings calculator"). */
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

/** Flat effective rate used for the estimate (docs/product.md section 9: savings = 25% of annual deductions). */
export const TAX_RATE_PERCENT = 25;
export const MAX_ANNUAL_INCOME = 100_000_000;
export const MAX_MONTHLY_EXPENSE = 10_000_000;

export const EMPTY_EXPENSES: MonthlyExpenses = { clothing: 0, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 };

/** POST /api/calculate-savings answers this (a type of the API contract). */
export type { CalculatorResult };

/** Savings on a year's deductions: 25% of them, rounded to whole dollars. */
export function estimatedSavingsFor(annualExpenses: number): number {
  return Math.round((annualExpenses * TAX_RATE_PERCENT) / 100);
}

/** annual deductions = monthly total x 12; savings = 25% of that, rounded. */
export function calculateSavings(expenses: MonthlyExpenses): CalculatorResult {
  const monthlyExpenses = EXPENSE_CATEGORIES.reduce((sum, c) => sum + (expenses[c.key] ?? 0), 0);
  const annualExpenses = monthlyExpenses * 12;
  return {
    monthlyExpenses,
    annualExpenses,
    estimatedSavings: estimatedSavingsFor(annualExpenses),
    taxRate: TAX_RATE_PERCENT,
  };
}

/** The calculator's input parse: non-numeric or empty is 0 (integer parse, docs/product.md section 5). */
export function parseAmount(raw: string): number {
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
