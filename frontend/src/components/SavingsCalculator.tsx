import { useEffect, useId, useRef, useState } from 'react';
import { formatUsd } from '#shared/money.ts';
import {
  type CalculatorResult,
  capSavings,
  EMPTY_EXPENSES,
  EXPENSE_CATEGORIES,
  type ExpenseKey,
  type MonthlyExpenses,
  NOT_ADVICE_TEXT,
  parseAmount,
  SAVINGS_RULE_TEXT,
  savingsCapped,
  TAX_RATE_PERCENT,
} from '#shared/savings.ts';
import { apiCall } from '../lib/api-client.ts';
import { saveCalculatorHandoff } from '../lib/calculator-handoff.ts';
import { ButtonLink } from './Button.tsx';

/** Wait this long after the last keystroke before asking the server (one request per pause, not per key). */
export const CALCULATE_DEBOUNCE_MS = 400;

export interface SavingsCalculation {
  income: number;
  expenses: MonthlyExpenses;
  estimatedSavings: number;
  result: CalculatorResult;
}

export interface SavingsCalculatorProps {
  initialIncome?: number;
  initialExpenses?: MonthlyExpenses;
  onCalculated?: (calculation: SavingsCalculation) => void;
  /** When set, a "Start saving" button links there under the result (and hands the figures to the wizard). */
  ctaHref?: string;
  heading?: string;
  /** The heading's level: h3 under a page section (landing), h2 directly under a page's h1 (wizard step 3). */
  headingLevel?: 'h2' | 'h3';
}

type RawExpenses = Record<ExpenseKey, string>;

function toRaw(n: number | undefined): string {
  return n && n > 0 ? String(n) : '';
}

function rawExpensesFrom(expenses: MonthlyExpenses | undefined): RawExpenses {
  const source = expenses ?? EMPTY_EXPENSES;
  return Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c.key, toRaw(source[c.key])])) as RawExpenses;
}

function parseExpenses(raw: RawExpenses): MonthlyExpenses {
  return Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c.key, parseAmount(raw[c.key])])) as MonthlyExpenses;
}

/**
 * The embedded tax savings calculator (docs/product.md "Embedded savings calculator", sections 4 and 5):
 * annual income and six monthly expenses, each parsed as an integer (empty or junk = 0). Whenever
 * income is above 0 and any input changes, the server computes the estimate (POST
 * /api/calculate-savings, debounced); the result area appears once a first result exists, with
 * the rule behind the figure and the not-advice line.
 */
export function SavingsCalculator({
  initialIncome,
  initialExpenses,
  onCalculated,
  ctaHref,
  heading = 'Tax Savings Calculator',
  headingLevel: Heading = 'h3',
}: SavingsCalculatorProps) {
  const id = useId();
  const [incomeRaw, setIncomeRaw] = useState(() => toRaw(initialIncome));
  const [expensesRaw, setExpensesRaw] = useState<RawExpenses>(() => rawExpensesFrom(initialExpenses));
  const [result, setResult] = useState<CalculatorResult | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const onCalculatedRef = useRef(onCalculated);
  onCalculatedRef.current = onCalculated;
  const sectionRef = useRef<HTMLElement>(null);

  // On a prerendered page the inputs are usable before the app has hydrated them:
  // what a visitor typed meanwhile is in the inputs but not in this state, and React does not replay it.
  // Adopt it once, at mount; on a page rendered in the browser the inputs hold the state already.
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    const typed = (name: string) => section.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
    setIncomeRaw(typed('income'));
    setExpensesRaw(Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c.key, typed(c.key)])) as RawExpenses);
  }, []);

  const income = parseAmount(incomeRaw);
  const expenses = parseExpenses(expensesRaw);
  // A stable key of the parsed values: typing "12a" after "12" changes nothing, so no new request.
  const inputKey = `${income}|${EXPENSE_CATEGORIES.map((c) => expenses[c.key]).join(',')}`;

  useEffect(() => {
    const [incomeText, expenseText] = inputKey.split('|');
    const amount = Number(incomeText);
    if (amount <= 0) {
      setPending(false);
      return;
    }
    const values = expenseText.split(',').map(Number);
    const body = {
      income: amount,
      expenses: Object.fromEntries(EXPENSE_CATEGORIES.map((c, i) => [c.key, values[i]])) as MonthlyExpenses,
    };
    let cancelled = false;
    setPending(true);
    const timer = setTimeout(async () => {
      try {
        // The shared rule caps savings at the tax the income could bear; applied again here so the
        // figure shown never exceeds it, whatever the server's version.
        const calculated = capSavings(await apiCall('POST /api/calculate-savings', { body }), body.income);
        if (cancelled) return;
        setResult(calculated);
        setFailed(false);
        onCalculatedRef.current?.({ ...body, estimatedSavings: calculated.estimatedSavings, result: calculated });
      } catch {
        if (!cancelled) setFailed(true);
      } finally {
        if (!cancelled) setPending(false);
      }
    }, CALCULATE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [inputKey]);

  const headingId = `${id}-heading`;
  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <Heading id={headingId} className="text-xl font-semibold text-slate-900">
        {heading}
      </Heading>
      <p className="mt-1 text-sm text-slate-600">Enter your yearly income and what you spend each month on your content business.</p>

      <div className="mt-6">
        <label htmlFor={`${id}-income`} className="block text-sm font-medium text-slate-800">
          Annual Income ($)
        </label>
        <input
          id={`${id}-income`}
          name="income"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="80000"
          value={incomeRaw}
          onChange={(e) => setIncomeRaw(e.target.value)}
          className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
        />
      </div>

      <fieldset className="mt-6">
        <legend className="text-sm font-medium text-slate-800">Monthly business expenses ($)</legend>
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {EXPENSE_CATEGORIES.map((c) => (
            <div key={c.key}>
              <label htmlFor={`${id}-${c.key}`} className="block text-sm text-slate-700">
                {c.label}
              </label>
              <input
                id={`${id}-${c.key}`}
                name={c.key}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="0"
                value={expensesRaw[c.key]}
                onChange={(e) => setExpensesRaw((prev) => ({ ...prev, [c.key]: e.target.value }))}
                className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
              />
            </div>
          ))}
        </div>
      </fieldset>

      <div aria-live="polite" className="mt-6">
        {pending && (
          <p className="text-sm font-medium text-indigo-700" data-testid="calculator-pending">
            Calculating savings...
          </p>
        )}
        {failed && !pending && <p className="text-sm text-rose-700">We could not calculate your savings just now. Please try again.</p>}
        {result && (
          <>
            <dl className="mt-3 grid grid-cols-2 gap-3 rounded-2xl bg-indigo-50 p-4 sm:grid-cols-4" data-testid="calculator-result">
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Monthly expenses</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900">{formatUsd(result.monthlyExpenses)}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Annual expenses</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid="calculator-annual">
                  {formatUsd(result.annualExpenses)}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Estimated savings</dt>
                <dd className="mt-1 text-lg font-semibold text-emerald-700" data-testid="calculator-savings">
                  {formatUsd(result.estimatedSavings)}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Tax rate</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900">{result.taxRate}%</dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-600" data-testid="calculator-rule">
              {savingsCapped(result) ? <strong className="font-semibold text-slate-800">Capped at {TAX_RATE_PERCENT}% of your income. </strong> : null}
              {SAVINGS_RULE_TEXT} {NOT_ADVICE_TEXT}
            </p>
          </>
        )}
      </div>

      {ctaHref && (
        <div className="mt-6">
          <ButtonLink to={ctaHref} className="w-full sm:w-auto" onClick={() => saveCalculatorHandoff({ income, expenses })}>
            Start Saving: Form Your LLC
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
