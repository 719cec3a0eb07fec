import { longDate } from '#shared/compliance/dates.ts';
import { formatUsd } from '#shared/money.ts';
import { planOnDay } from '#shared/saved-tax-plan.ts';
import type { QuarterlyPlan, YearFigures } from '#shared/tax-plan.ts';
import { NextYearPlan } from '../../components/NextYearPlan.tsx';

/** Today in the visitor's own calendar (YYYY-MM-DD): a date is past once their day is after it. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The year's four instalments as they stand today (shared/saved-tax-plan.ts planOnDay, the rule the
 * order page uses): a date already behind is marked past, and once one is, the page says what is
 * owed now, the penalty that runs and the annualised method instead of promising no penalty. Near
 * and after the year's last date, the next year's dates follow, planned on this year's tax and AGI
 * (`figures`) and labelled as such.
 */
export function QuarterlyDates({ plan, year, figures, today = localToday() }: { plan: QuarterlyPlan; year: number; figures: YearFigures; today?: string }) {
  const { instalments, ...quarterlyRule } = plan;
  const day = planOnDay({ year: year as 2026, quarterly: instalments, quarterlyRule }, today, { year: figures });
  return (
    <>
      <ul className="mt-2 grid gap-2 sm:grid-cols-4" data-testid="quarterly-instalments">
        {day.instalments.map((q) => (
          <li key={q.due} className={`rounded-lg border p-3 ${q.past ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white'}`} data-past={q.past}>
            <span className="block text-sm text-slate-700">
              {longDate(q.due)}
              {q.past ? <span className="ml-1 font-semibold text-amber-800">(past)</span> : null}
            </span>
            <span className="block text-lg font-semibold tabular-nums text-slate-900">{formatUsd(q.amount)}</span>
          </li>
        ))}
      </ul>
      {day.owedNow > 0 ? (
        <div className="mt-3 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="quarterly-today">
          {[day.catchUp, day.penalty, day.annualised].filter(Boolean).map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      ) : null}
      {day.nextYearPlan ? <NextYearPlan plan={day.nextYearPlan} /> : null}
    </>
  );
}
