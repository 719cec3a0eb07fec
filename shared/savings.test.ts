import { describe, expect, it } from 'vitest';
import { calculatorInputSchema } from './savings.schema.ts';
import { calculateSavings, EXPENSE_CATEGORIES, estimatedSavingsFor, parseAmount, savingsCapped } from './savings.ts';

describe('calculateSavings', () => {
  it('annualises the monthly total and takes 25% rounded', () => {
    expect(calculateSavings({ clothing: 500, meals: 500, equipment: 500, travel: 250, entertainment: 150, other: 100 })).toEqual({
      monthlyExpenses: 2000,
      annualExpenses: 24000,
      estimatedSavings: 6000,
      taxRate: 25,
    });
  });
  it('rounds half-dollar savings', () => {
    expect(calculateSavings({ clothing: 1, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0.125 }).estimatedSavings).toBe(3);
  });
  it('rejects negative, non-finite and missing amounts', () => {
    const ok = { income: 1, expenses: { clothing: 0, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 } };
    expect(calculatorInputSchema.safeParse(ok).success).toBe(true);
    expect(calculatorInputSchema.safeParse({ ...ok, income: -1 }).success).toBe(false);
    expect(calculatorInputSchema.safeParse({ ...ok, income: Number.POSITIVE_INFINITY }).success).toBe(false);
    expect(calculatorInputSchema.safeParse({ ...ok, expenses: { ...ok.expenses, meals: '5' } }).success).toBe(false);
    expect(calculatorInputSchema.safeParse({ income: 1, expenses: {} }).success).toBe(false);
  });
  it('names each expense field by its calculator label in its messages', () => {
    const zero = { clothing: 0, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 };
    for (const { key, label } of EXPENSE_CATEGORIES) {
      const res = calculatorInputSchema.safeParse({ income: 1, expenses: { ...zero, [key]: -1 } });
      expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[`expenses.${key}`, `${label} cannot be negative`]]);
    }
  });
  it('parses input like the calculator: integer parse, empty or junk is 0', () => {
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('abc')).toBe(0);
    expect(parseAmount('12.9')).toBe(12);
    expect(parseAmount('-5')).toBe(0);
    expect(parseAmount('120000')).toBe(120000);
  });
});

describe('estimatedSavingsFor', () => {
  it('is 25% of annual deductions, rounded (the landing example: 25,000 -> 6,250)', () => {
    expect(estimatedSavingsFor(25_000)).toBe(6_250);
    expect(estimatedSavingsFor(10)).toBe(3);
    expect(estimatedSavingsFor(0)).toBe(0);
  });
});

describe('savings cannot exceed the tax the income could bear', () => {
  const equipment = (monthly: number) => ({ clothing: 0, meals: 0, equipment: monthly, travel: 0, entertainment: 0, other: 0 });
  it('caps the estimate at 25% of income ($1,000 income, $5,000 a month of equipment: $250, not $15,000)', () => {
    const result = calculateSavings(equipment(5000), 1000);
    expect(result).toEqual({ monthlyExpenses: 5000, annualExpenses: 60_000, estimatedSavings: 250, taxRate: 25 });
    expect(savingsCapped(result)).toBe(true);
    expect(estimatedSavingsFor(60_000, 1000)).toBe(250);
  });
  it('leaves an estimate below the cap alone (the landing example: 120,000 income, 25,000 expenses -> 6,250)', () => {
    expect(estimatedSavingsFor(25_000, 120_000)).toBe(6_250);
    const result = calculateSavings(equipment(2000), 120_000);
    expect(result.estimatedSavings).toBe(6_000);
    expect(savingsCapped(result)).toBe(false);
  });
  it('no income, no tax to save', () => {
    expect(calculateSavings(equipment(500), 0).estimatedSavings).toBe(0);
  });
});
