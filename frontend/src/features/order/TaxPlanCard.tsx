import { Link } from 'react-router-dom';
import { longDate } from '#shared/compliance/dates.ts';
import { formatUsd } from '#shared/money.ts';
import type { OrderView } from '#shared/orders/view.schema.ts';

/**
 * The order page's way into the tax planner: the first Form 2553 deadline of this LLC and the
 * planner opened at the profit the creator gave in the wizard.
 */
export function TaxPlanCard({ plan }: { plan: NonNullable<OrderView['taxPlan']> }) {
  const from =
    plan.deadlineFrom === 'filing'
      ? "counted from the state's filing date"
      : 'counted from your payment date until the state files your LLC, so it moves when it does';
  return (
    <div className="text-sm text-slate-800" data-testid="order-tax-plan">
      <p>
        Your LLC is taxed like a sole proprietor unless it elects S-corporation status, which pays only above a break-even that depends on your profit and
        salary.
      </p>
      <p className="mt-2">
        To have the election from the LLC&rsquo;s first day, file IRS Form 2553 by{' '}
        <strong className="font-semibold">{longDate(plan.sCorpElectionDeadline)}</strong> ({from}). It is on your calendar below.
      </p>
      <p className="mt-3">
        <Link to="/tax-plan" state={{ profit: plan.profit }} className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
          See whether the election pays at your profit ({formatUsd(plan.profit)} a year, from your answers)
        </Link>
      </p>
    </div>
  );
}
