import { Link } from 'react-router-dom';
import { longDate } from '#shared/compliance/dates.ts';
import { formatUsd } from '#shared/money.ts';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { NextYearPlan } from '../../components/NextYearPlan.tsx';
import { NoWrap, NoWrapText } from '../../components/NoWrap.tsx';
import { paths } from '../../paths.ts';

const linkClass = 'font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900';

/**
 * Starting payroll for the salary in the plan (shared/s-corp/payroll.ts): why that figure, and
 * that it is the creator's decision; the federal and home-state steps; and how the quarterly
 * amounts follow once the payroll withholds income tax.
 */
function PayrollHandOff({ payroll }: { payroll: NonNullable<NonNullable<NonNullable<OrderView['taxPlan']>['saved']>['payroll']> }) {
  return (
    <details className="mt-3 rounded-lg border border-slate-200 px-3 py-2" data-testid="payroll-hand-off">
      <summary className="cursor-pointer font-semibold text-slate-900">
        Starting payroll for your <NoWrap>{formatUsd(payroll.salary)}</NoWrap> salary
      </summary>
      {payroll.reasoning.map((r) => (
        <p key={r.text} className="mt-2">
          {r.text}
          {r.source ? <span className="text-slate-600"> ({r.source})</span> : null}
        </p>
      ))}
      <p className="mt-3 font-semibold text-slate-900">Before the first payday</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {[...payroll.checklist.federal, ...payroll.checklist.state].map((step) => (
          <li key={step.id}>
            {step.text}
            {step.source ? <span className="text-slate-600"> ({step.source})</span> : null}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        Once your payroll withholds income tax from the salary, enter the year&rsquo;s withholding your payroll provider gives you in the plan (&ldquo;Change
        the plan&rdquo;, &ldquo;Income tax withheld this year&rdquo;): the quarterly amounts above are counted again with it, as withholding counts as paid.
      </p>
    </details>
  );
}

/**
 * The order page's way into the tax planner: the first Form 2553 deadline of this LLC, and the
 * planner opened on the order, at the plan saved there (its quarterly amounts and rule shown
 * here as they stand on the server's day: past dates marked, what is owed now if they were not
 * paid, the penalty and the annualised method) or at the profit the creator gave in the wizard.
 */
export function TaxPlanCard({
  orderId,
  plan,
  form2553,
}: {
  orderId: string;
  plan: NonNullable<OrderView['taxPlan']>;
  /** "Form 2553 prepared for you", when the order bought it (its line of the deliverables). */
  form2553?: OrderView['deliverables'][number];
}) {
  const from =
    plan.deadlineFrom === 'filing'
      ? "counted from the state's filing date"
      : 'counted from your payment date until the state files your LLC, so it moves when it does';
  const saved = plan.saved;
  const onDay = saved?.onDay;
  return (
    <div className="text-sm text-slate-800" data-testid="order-tax-plan">
      <p>
        Your LLC is taxed like a sole proprietor unless it elects S-corporation status, which pays only above a break-even that depends on your profit and
        salary.
      </p>
      <p className="mt-2">
        To have the election from the LLC&rsquo;s first day, file IRS Form 2553 by{' '}
        <strong className="font-semibold">
          <NoWrap>{longDate(plan.sCorpElectionDeadline)}</NoWrap>
        </strong>{' '}
        ({from}). It is on your calendar below.
      </p>
      {form2553 ? (
        <p className="mt-2" data-testid="order-form-2553">
          {form2553.delivered
            ? 'You ordered Form 2553 prepared for you: its worksheet, with your answers, the deadline and what each member signs, is in your documents below.'
            : 'You ordered Form 2553 prepared for you: we prepare its worksheet, with your answers, the deadline and what each member signs, when we start filing.'}
        </p>
      ) : null}
      {saved && onDay ? (
        <div className="mt-3" data-testid="saved-tax-plan">
          <p className="font-semibold text-slate-900">
            Your saved plan (<NoWrap>{formatUsd(saved.request.profit)}</NoWrap> of profit
            {saved.request.salary !== undefined ? (
              <>
                , a <NoWrap>{formatUsd(saved.request.salary)}</NoWrap> salary
              </>
            ) : (
              ''
            )}
            ): quarterly estimated tax for {saved.request.year}, as of <NoWrap>{longDate(onDay.asOf)}</NoWrap>
          </p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="saved-tax-plan-dates">
            {onDay.instalments.map((q) => (
              <li
                key={q.due}
                className={`flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-lg border px-3 py-2 ${q.past ? 'border-slate-200 bg-slate-50 text-slate-600' : 'border-slate-200'}`}
              >
                <span>
                  <NoWrap>{longDate(q.due)}</NoWrap>
                  <span className={`ml-2 text-xs font-semibold uppercase tracking-wide ${q.past ? 'text-slate-600' : 'text-indigo-700'}`}>
                    {q.past ? 'Past' : 'Due'}
                  </span>
                </span>
                <span className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(q.amount)}</span>
              </li>
            ))}
          </ul>
          {onDay.catchUp ? (
            <div className="mt-3 break-words rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-slate-800" data-testid="saved-tax-plan-catch-up">
              <p className="font-semibold text-slate-900">
                <NoWrapText text={onDay.catchUp} />
              </p>
              {onDay.penalty ? <p className="mt-2">{onDay.penalty}</p> : null}
              {onDay.annualised ? <p className="mt-2">{onDay.annualised}</p> : null}
            </div>
          ) : null}
          <p className="mt-2 text-slate-700">
            <NoWrapText text={saved.rule} />
          </p>
          {onDay.nextYearPlan ? <NextYearPlan plan={onDay.nextYearPlan} /> : null}
          {saved.payroll ? <PayrollHandOff payroll={saved.payroll} /> : null}
          <p className="mt-3">
            <Link to={paths.orderTaxPlan(orderId)} className={linkClass}>
              Change the plan
            </Link>
          </p>
        </div>
      ) : (
        <p className="mt-3">
          <Link to={paths.orderTaxPlan(orderId)} className={linkClass}>
            See whether the election pays at your profit (<NoWrap>{formatUsd(plan.profit)}</NoWrap> a year, from your answers), and save your quarterly tax plan
          </Link>
        </p>
      )}
    </div>
  );
}
