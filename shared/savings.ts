// The savings estimate rule (docs/product.md section 9). Its input schemas are in shared/savings.schema.ts.

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

/** Flat effective rate used for the estimate (docs/product.md section 9: savings = 25% of annual deductions, at most 25% of income). */
export const TAX_RATE_PERCENT = 25;
export const MAX_ANNUAL_INCOME = 100_000_000;
export const MAX_MONTHLY_EXPENSE = 10_000_000;

export const EMPTY_EXPENSES: MonthlyExpenses = { clothing: 0, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 };

/** A savings estimate (POST /api/calculate-savings answers one), in whole dollars. */
export interface CalculatorResult {
  monthlyExpenses: number;
  annualExpenses: number;
  estimatedSavings: number;
  /** Percent. */
  taxRate: number;
}

/**
 * Savings on a year's deductions: 25% of them, rounded to whole dollars, and never more than the
 * tax the income could bear at that rate (25% of the income): deductions beyond the income save
 * no tax. Without an income (undefined) only the first part applies.
 */
export function estimatedSavingsFor(annualExpenses: number, annualIncome?: number): number {
  const deductible = annualIncome === undefined ? annualExpenses : Math.min(annualExpenses, Math.max(annualIncome, 0));
  return Math.round((deductible * TAX_RATE_PERCENT) / 100);
}

/** The rule in words, shown next to every savings figure (docs/product.md section 9). */
export const SAVINGS_RULE_TEXT = `Estimated savings are ${TAX_RATE_PERCENT}% of your yearly business expenses, and never more than ${TAX_RATE_PERCENT}% of your income: expenses beyond your income save no tax.`;
export const NOT_ADVICE_TEXT = 'An estimate, not tax advice: check with a tax professional.';

/** annual deductions = monthly total x 12; savings = 25% of that, rounded, capped at 25% of the income. */
export function calculateSavings(expenses: MonthlyExpenses, annualIncome?: number): CalculatorResult {
  const monthlyExpenses = EXPENSE_CATEGORIES.reduce((sum, c) => sum + (expenses[c.key] ?? 0), 0);
  const annualExpenses = monthlyExpenses * 12;
  return {
    monthlyExpenses,
    annualExpenses,
    estimatedSavings: estimatedSavingsFor(annualExpenses, annualIncome),
    taxRate: TAX_RATE_PERCENT,
  };
}

/** Whether a result was held down by the income cap (its savings are below 25% of its expenses). */
export function savingsCapped(result: Pick<CalculatorResult, 'annualExpenses' | 'estimatedSavings'>): boolean {
  return result.estimatedSavings < estimatedSavingsFor(result.annualExpenses);
}

/** A result as the rule gives it for this income: the server's answer capped again (the same rule, so idempotent). */
export function capSavings(result: CalculatorResult, annualIncome: number): CalculatorResult {
  return { ...result, estimatedSavings: Math.min(result.estimatedSavings, estimatedSavingsFor(result.annualExpenses, annualIncome)) };
}

/** The calculator's input parse: non-numeric or empty is 0 (integer parse, docs/product.md section 5). */
export function parseAmount(raw: string): number {
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
