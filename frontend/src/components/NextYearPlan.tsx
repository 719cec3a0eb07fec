import { longDate } from '#shared/compliance/dates.ts';
import { formatUsd } from '#shared/money.ts';
import { nextYearBasisWords, type NextYearPlan as Plan } from '#shared/saved-tax-plan.ts';
import { NoWrap, NoWrapText } from './NoWrap.tsx';

/**
 * The next year's four instalments planned on this year's figures (shared/saved-tax-plan.ts
 * nextYearPlan), shown near and after the year's last date, with the label that says they are
 * ours and not the IRS's.
 */
export function NextYearPlan({ plan }: { plan: Plan }) {
  return (
    <div className="mt-3 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800" data-testid="next-year-plan">
      <p className="font-semibold text-slate-900">Your {plan.year} quarterly estimated tax</p>
      <p className="mt-1 text-slate-700" data-testid="next-year-plan-label">
        {plan.label}
      </p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-4">
        {plan.instalments.map((q) => (
          <li
            key={q.due}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-lg border border-dashed border-slate-300 px-3 py-2 sm:block"
          >
            <span className="block">
              <NoWrap>{longDate(q.due)}</NoWrap>
            </span>
            <span className="block font-semibold tabular-nums">
              <NoWrap>{formatUsd(q.amount)}</NoWrap>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-slate-700">
        <NoWrapText text={nextYearBasisWords(plan)} />
      </p>
    </div>
  );
}
