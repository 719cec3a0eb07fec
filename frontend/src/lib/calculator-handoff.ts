import type { MonthlyExpenses } from '#shared/savings.ts';
import { SESSION_KEYS } from './storage-keys.ts';

/**
 * The landing calculator's figures, handed to the wizard when the visitor follows "Start Saving:
 * Form Your LLC", so step 3 starts from what they typed (kept for the tab only).
 */
export const CALCULATOR_HANDOFF_KEY = SESSION_KEYS.calculatorHandoff;

export interface CalculatorHandoff {
  income: number;
  expenses: MonthlyExpenses;
}

export function saveCalculatorHandoff(handoff: CalculatorHandoff): void {
  try {
    sessionStorage.setItem(CALCULATOR_HANDOFF_KEY, JSON.stringify(handoff));
  } catch {}
}

/** The handed-over figures, once: reading removes them. */
export function takeCalculatorHandoff(): CalculatorHandoff | undefined {
  try {
    const raw = sessionStorage.getItem(CALCULATOR_HANDOFF_KEY);
    if (!raw) return undefined;
    sessionStorage.removeItem(CALCULATOR_HANDOFF_KEY);
    const parsed = JSON.parse(raw) as CalculatorHandoff;
    if (typeof parsed?.income !== 'number' || typeof parsed.expenses !== 'object' || parsed.expenses === null) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}
