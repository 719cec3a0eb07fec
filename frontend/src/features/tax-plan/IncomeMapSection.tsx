import { useId } from 'react';
import { expectedForms, INCOME_KIND_FACTS, INCOME_KINDS, INCOME_MAP_SOURCES, type IncomeKind, type IncomeMap, incomeTotal } from '#shared/income-map.ts';
import { formatUsd } from '#shared/money.ts';
import { parseAmount } from '#shared/savings.ts';
import { MAX_TAX_PLAN_AMOUNT } from '#shared/tax-plan.ts';

/**
 * The planner's income map: the creator's income by kind, what each payer reports and how it is
 * taxed, and "Use as my profit" to carry the total less expenses into the plan above. The year's
 * summary for a preparer prints from the browser on the public page; opened from an order, it is
 * a PDF in the order's documents once the plan is saved (`onOrder`).
 */
export function IncomeMapSection({
  map,
  expenses,
  onMapChange,
  onExpensesChange,
  onUseProfit,
  onOrder = false,
}: {
  map: IncomeMap;
  expenses: number;
  onMapChange: (map: IncomeMap) => void;
  onExpensesChange: (expenses: number) => void;
  onUseProfit: (profit: number) => void;
  onOrder?: boolean;
}) {
  const id = useId();
  const setMap = onMapChange;
  const setExpenses = onExpensesChange;
  const total = incomeTotal(map);
  const flagged = new Set<IncomeKind>(expectedForms(map));
  const profit = Math.max(0, total - expenses);
  const set = (kind: IncomeKind, raw: string) => setMap({ ...map, [kind]: Math.min(parseAmount(raw), MAX_TAX_PLAN_AMOUNT) });

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8" data-testid="income-map">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Your income map
      </h2>
      <p className="mt-2 text-slate-800">
        Every kind of creator income is taxable, but payers report them differently. Enter what you expect this year to see which forms should reach you, and
        keep the summary for whoever prepares your return.
      </p>
      <div className="mt-4 grid gap-4">
        {INCOME_KINDS.map((kind) => {
          const facts = INCOME_KIND_FACTS[kind];
          const fieldId = `${id}-${kind}`;
          return (
            <div key={kind} className="rounded-xl border border-slate-200 bg-white p-4">
              <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
                {facts.label}, $ this year
              </label>
              <input
                id={fieldId}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_TAX_PLAN_AMOUNT}
                value={String(map[kind])}
                onChange={(e) => set(kind, e.target.value)}
                aria-describedby={`${fieldId}-facts`}
                className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 sm:max-w-xs"
              />
              <div id={`${fieldId}-facts`} className="mt-2 text-sm text-slate-700">
                <p>
                  <span className="font-medium text-slate-900">Reported: </span>
                  {facts.reported}
                  {flagged.has(kind) ? <strong className="text-slate-900"> At this amount, expect the form.</strong> : null}
                </p>
                <p className="mt-1">
                  <span className="font-medium text-slate-900">Taxed: </span>
                  {facts.taxed}
                </p>
              </div>
            </div>
          );
        })}
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <label htmlFor={`${id}-expenses`} className="block text-sm font-medium text-slate-800">
            Business expenses, $ this year
          </label>
          <input
            id={`${id}-expenses`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_TAX_PLAN_AMOUNT}
            value={String(expenses)}
            onChange={(e) => setExpenses(Math.min(parseAmount(e.target.value), MAX_TAX_PLAN_AMOUNT))}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 sm:max-w-xs"
          />
        </div>
      </div>
      <p className="mt-4 text-lg text-slate-900" data-testid="income-map-total" aria-live="polite">
        Income {formatUsd(total)}, less expenses {formatUsd(expenses)}: profit {formatUsd(profit)}.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
          onClick={() => {
            onUseProfit(profit);
            document.getElementById('main')?.scrollIntoView({ behavior: 'smooth' });
          }}
        >
          Use as my profit in the plan
        </button>
        {onOrder ? null : (
          <button type="button" className="rounded-lg border border-slate-400 px-4 py-2 font-semibold text-slate-900" onClick={() => window.print()}>
            Print the year&rsquo;s summary for my preparer
          </button>
        )}
      </div>
      {onOrder ? (
        <p className="mt-2 text-sm text-slate-700">
          Save the plan below and the year&rsquo;s summary for your preparer, with this income map, is a PDF in your order&rsquo;s documents.
        </p>
      ) : null}
      <ul className="mt-3 list-disc space-y-1 pl-5 text-xs text-slate-700">
        {INCOME_MAP_SOURCES.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </section>
  );
}
