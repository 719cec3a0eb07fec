import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { longDate } from '#shared/compliance/dates.ts';
import { EMPTY_INCOME_MAP, INCOME_KINDS, type IncomeMap, incomeTotal, specifiedServiceShare } from '#shared/income-map.ts';
import { formatUsd } from '#shared/money.ts';
import type { OrderView } from '#shared/orders/view.schema.ts';
import type { SavedTaxPlanBody } from '#shared/saved-tax-plan.schema.ts';
import { calculateSavings, parseAmount } from '#shared/savings.ts';
import {
  breakEvenProfit,
  DEFAULT_RUNNING_COSTS,
  type FilingStatus,
  FORM_2553_TEXT,
  MAX_TAX_PLAN_AMOUNT,
  QBI_THRESHOLD,
  QUARTERLY_SAFE_HARBOUR,
  quarterlyPlan,
  REASONABLE_COMPENSATION_TEXT,
  type RunningCosts,
  sCorpPlan,
  soleProprietorPlan,
  TAX_PLAN_SOURCES,
  yearFiguresOf,
} from '#shared/tax-plan.ts';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { useOrderAccess } from '../../lib/link-access.ts';
import { calendarQueryKey, useOrder, useSetOrder } from '../../lib/order-queries.ts';
import { loadWizardData } from '../../lib/wizard-storage.ts';
import { paths } from '../../paths.ts';
import { IncomeMapSection } from './IncomeMapSection.tsx';
import { QuarterlyDates } from './QuarterlyDates.tsx';

/** The wizard's yearly income less its monthly expenses x 12, when the browser has them. */
const pctText = (share: number) => `${Math.round(share * 100)}%`;
const quarterlyShareText = {
  current: pctText(QUARTERLY_SAFE_HARBOUR.currentYearShare),
  prior: pctText(QUARTERLY_SAFE_HARBOUR.priorYearShare),
  priorHigh: pctText(QUARTERLY_SAFE_HARBOUR.priorYearShareAboveAgi),
  agiThreshold: QUARTERLY_SAFE_HARBOUR.agiThreshold,
};

function wizardProfit(): number | undefined {
  const data = loadWizardData();
  if (!data.annualIncome) return undefined;
  return Math.max(0, data.annualIncome - calculateSavings(data.monthlyExpenses).annualExpenses);
}

/** A profit handed over by the order page: whole dollars within the planner's range, or nothing. */
function profitFrom(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TAX_PLAN_AMOUNT ? value : undefined;
}

/** The income kinds of a saved income map (without its expenses). */
function pickIncome(map: IncomeMap & { expenses: number }): IncomeMap {
  return Object.fromEntries(INCOME_KINDS.map((k) => [k, map[k]])) as IncomeMap;
}

function clampAmount(raw: string): number {
  return Math.min(parseAmount(raw), MAX_TAX_PLAN_AMOUNT);
}

function AmountField({ label, value, onChange, hint }: { label: string; value: number; onChange: (n: number) => void; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_TAX_PLAN_AMOUNT}
        value={String(value)}
        onChange={(e) => onChange(clampAmount(e.target.value))}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The salary share the slider shows for a saved salary: the nearest 5% step from 10% to 100%. */
function shareOf(salary: number | undefined, profit: number): number {
  if (salary === undefined || profit <= 0) return 40;
  return Math.min(100, Math.max(10, Math.round((salary / profit) * 20) * 5));
}

/**
 * The S-corporation planner (docs/product.md "Tax planner"): the creator's profit, salary share
 * and running costs, their 2026 federal tax as a sole proprietor and as an S-corporation owner,
 * the break-even, the reasonable-compensation guidance and the Form 2553 deadline. Computed in
 * the browser by the same engine POST /api/tax-plan answers from (shared/tax-plan.ts). Opened
 * from an order (`/orders/{id}/tax-plan`), it starts from the plan saved there and saves the
 * plan on the order (PUT /api/orders/{id}/tax-plan), where the server computes the amounts the
 * calendar, the reminders and the year-end summary show.
 */
export default function TaxPlanPage() {
  usePageMeta({
    title: 'Does an LLC save me tax? The S-corporation planner | CreatorLLC',
    description: 'Your 2026 federal tax as a sole proprietor and as an S-corporation owner, the break-even profit and what the IRS expects of your salary.',
  });
  const { id } = useParams();
  return id ? <OrderPlanner id={id} /> : <Planner />;
}

/** The planner on an order: the order is read with this browser's access (or an emailed link's) first. */
function OrderPlanner({ id }: { id: string }) {
  const access = useOrderAccess(id);
  const order = useOrder(id, access.state === 'ready');
  // Started once from the order as first read: saving updates the order, not the figures being edited.
  if (order.data) return <Planner order={order.data} />;
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto min-h-screen max-w-4xl px-4 py-8 sm:px-6">
        {order.error ? (
          <div role="alert" className="text-slate-800">
            <h1 className="text-2xl font-bold text-slate-900">We could not open your order</h1>
            <p className="mt-2">
              Open the planner from your order page (the link in any of our emails opens it).{' '}
              <Link to={paths.findOrder} className="font-semibold text-indigo-700 underline underline-offset-2">
                Find my order
              </Link>
            </p>
          </div>
        ) : (
          <p role="status" className="text-center text-slate-600">
            Opening your order…
          </p>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

function Planner({ order }: { order?: OrderView }) {
  const location = useLocation();
  const saved = order?.taxPlan?.saved;
  // From the order page (the wizard's figures as the order stored them, handed over in the
  // navigation's state, never in the address), else this browser's wizard.
  const handed = (location.state as { profit?: unknown } | null)?.profit;
  const prefilled = useMemo(
    () => (order?.taxPlan?.profit ? profitFrom(order.taxPlan.profit) : undefined) ?? profitFrom(handed) ?? wizardProfit(),
    [order, handed],
  );
  const request = saved?.request;
  const [profit, setProfit] = useState(request?.profit ?? prefilled ?? 80_000);
  const [filingStatus, setFilingStatus] = useState<FilingStatus>(request?.filingStatus ?? 'single');
  const [sharePercent, setSharePercent] = useState(shareOf(request?.salary, request?.profit ?? 0));
  const [costs, setCosts] = useState<RunningCosts>(saved?.runningCosts ?? DEFAULT_RUNNING_COSTS);
  const [follow, setFollow] = useState<'sole' | 's-corp'>(request?.salary !== undefined ? 's-corp' : 'sole');
  const [priorTax, setPriorTax] = useState(request?.priorYearTax ?? 0);
  const [priorAgi, setPriorAgi] = useState(request?.priorYearAgi ?? 0);
  const [withholding, setWithholding] = useState(request?.withholding ?? 0);
  const [incomeMap, setIncomeMap] = useState<IncomeMap>(saved?.incomeMap ? pickIncome(saved.incomeMap) : EMPTY_INCOME_MAP);
  const [expenses, setExpenses] = useState(saved?.incomeMap?.expenses ?? 0);
  const followName = useId();
  const shareId = useId();
  const statusName = useId();

  const salary = Math.round((profit * sharePercent) / 100);
  // The brand-deal line's share of the income map: a specified service business above the QBI threshold.
  const specified = specifiedServiceShare(incomeMap);
  const sole = soleProprietorPlan(filingStatus, profit, 0, specified);
  const sCorp = sCorpPlan(filingStatus, profit, salary, 0, costs, sole, specified);
  const yearFigures = yearFiguresOf(follow === 'sole' ? { soleProprietor: sole } : { soleProprietor: sole, sCorp });
  const yearTax = yearFigures.tax;
  // Last year's tax counts once the creator gives it (a first year in business has none to give).
  const quarterly = quarterlyPlan(yearTax, priorTax > 0 ? { tax: priorTax, agi: priorAgi } : undefined, withholding);
  const breakEven = useMemo(() => breakEvenProfit(filingStatus, sharePercent / 100, 0, costs, specified), [filingStatus, sharePercent, costs, specified]);

  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Does an LLC save you tax?</h1>
        <p className="mt-3 text-slate-800">
          Not by itself. A single-member LLC is taxed like a sole proprietor, and any self-employed creator may deduct business expenses, LLC or not. The change
          comes from electing S-corporation status: you pay yourself a salary, and the rest of the profit escapes self-employment tax. That pays only above a
          break-even, because payroll and an extra tax return cost money. Try your own figures.
        </p>

        <form className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
          <AmountField
            label="Your yearly profit (income less business expenses), $"
            value={profit}
            onChange={setProfit}
            hint={
              saved
                ? `From the plan you saved on ${longDate(saved.savedAt.slice(0, 10))}.`
                : prefilled !== undefined
                  ? 'Filled in from the income and expenses you gave in the wizard.'
                  : undefined
            }
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">How you file</legend>
            <div className="mt-2 flex gap-4">
              {(['single', 'joint'] as const).map((s) => (
                <label key={s} className="flex items-center gap-2 text-slate-900">
                  <input type="radio" name={statusName} checked={filingStatus === s} onChange={() => setFilingStatus(s)} />
                  {s === 'single' ? 'Single' : 'Married filing jointly'}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="sm:col-span-2">
            <label htmlFor={shareId} className="block text-sm font-medium text-slate-800">
              Your salary as a share of profit: {sharePercent}% ({formatUsd(salary)})
            </label>
            <input
              id={shareId}
              type="range"
              min={10}
              max={100}
              step={5}
              value={sharePercent}
              onChange={(e) => setSharePercent(Number(e.target.value))}
              className="mt-2 w-full"
            />
          </div>
          <AmountField label="Payroll service, $ a year" value={costs.payrollService} onChange={(n) => setCosts({ ...costs, payrollService: n })} />
          <AmountField
            label="Tax preparer for the S-corporation's return, $ a year"
            value={costs.taxPreparer}
            onChange={(n) => setCosts({ ...costs, taxPreparer: n })}
          />
          <AmountField
            label="Your state's S-corporation fees, $ a year"
            value={costs.stateFees}
            onChange={(n) => setCosts({ ...costs, stateFees: n })}
            hint="Our estimates; change them to your own quotes."
          />
        </form>

        <section aria-labelledby="comparison" className="mt-8">
          <h2 id="comparison" className="text-2xl font-semibold text-slate-900">
            Your 2026 federal tax
          </h2>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[18rem] text-left text-sm text-slate-900" data-testid="tax-plan-table">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-2">
                    Figure
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right">
                    Sole proprietor or LLC
                  </th>
                  <th scope="col" className="py-2 text-right">
                    S-corporation
                  </th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                <tr className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    Self-employment or payroll tax
                  </th>
                  <td className="py-2 pr-2 text-right">{formatUsd(sole.selfEmploymentTax)}</td>
                  <td className="py-2 text-right">{formatUsd(sCorp.payrollTax)}</td>
                </tr>
                <tr className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    Qualified business income deduction
                  </th>
                  <td className="py-2 pr-2 text-right">{formatUsd(sole.qbiDeduction)}</td>
                  <td className="py-2 text-right">{formatUsd(sCorp.qbiDeduction)}</td>
                </tr>
                <tr className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    Income tax (with Additional Medicare tax)
                  </th>
                  <td className="py-2 pr-2 text-right">{formatUsd(sole.incomeTax + sole.additionalMedicareTax)}</td>
                  <td className="py-2 text-right">{formatUsd(sCorp.incomeTax + sCorp.additionalMedicareTax)}</td>
                </tr>
                <tr className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    Running costs
                  </th>
                  <td className="py-2 pr-2 text-right">{formatUsd(0)}</td>
                  <td className="py-2 text-right">{formatUsd(sCorp.runningCosts)}</td>
                </tr>
                <tr className="font-semibold">
                  <th scope="row" className="py-2 pr-2">
                    Total
                  </th>
                  <td className="py-2 pr-2 text-right">{formatUsd(sole.total)}</td>
                  <td className="py-2 text-right">{formatUsd(sCorp.total)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p className="mt-4 text-lg text-slate-900" data-testid="tax-plan-verdict" aria-live="polite">
            {sCorp.savings > 0
              ? `Electing S-corporation status would save you about ${formatUsd(sCorp.savings)} a year.`
              : `At this profit the S-corporation would cost you about ${formatUsd(-sCorp.savings)} more a year: stay as you are.`}{' '}
            {breakEven === undefined
              ? 'At this salary share it does not pay at any profit we compute.'
              : `At a ${sharePercent}% salary it starts to pay from about ${formatUsd(breakEven)} of profit.`}
          </p>
        </section>

        <IncomeMapSection
          map={incomeMap}
          expenses={expenses}
          onMapChange={setIncomeMap}
          onExpensesChange={setExpenses}
          onUseProfit={setProfit}
          onOrder={Boolean(order)}
        />

        <section aria-labelledby="quarterly" className="mt-8">
          <h2 id="quarterly" className="text-xl font-semibold text-slate-900">
            What you pay each quarter
          </h2>
          <p className="mt-2 text-slate-800">
            Nobody withholds tax from a creator&rsquo;s profit, so the IRS expects it in four instalments (Form 1040-ES). You owe no underpayment penalty when,
            each paid by its date, they add up to the lesser of {quarterlyShareText.current} of this year&rsquo;s tax and {quarterlyShareText.prior} of last
            year&rsquo;s ({quarterlyShareText.priorHigh} when last year&rsquo;s adjusted gross income was above {formatUsd(quarterlyShareText.agiThreshold)}).
            Income tax withheld from a salary or another job counts as paid. With an S-corporation, payroll tax goes through payroll and the instalments cover
            the income tax.
          </p>
          <form className="mt-4 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium text-slate-800">Plan to follow</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {(
                  [
                    ['sole', 'As I am (sole proprietor or LLC)'],
                    ['s-corp', 'As an S-corporation'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-slate-900">
                    <input type="radio" name={followName} checked={follow === value} onChange={() => setFollow(value)} />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            <AmountField
              label="Last year's total federal tax, $ (optional)"
              value={priorTax}
              onChange={setPriorTax}
              hint="From last year's Form 1040. Leave 0 in your first year."
            />
            <AmountField label="Last year's adjusted gross income, $" value={priorAgi} onChange={setPriorAgi} />
            <AmountField
              label="Income tax withheld this year, $"
              value={withholding}
              onChange={setWithholding}
              hint="From your salary or another job's pay slips."
            />
          </form>
          <p className="mt-3 text-slate-800" data-testid="quarterly-rule">
            {quarterly.safeHarbour === 'prior-year'
              ? `Last year's tax sets the smaller target: ${Math.round(quarterly.share * 100)}% of it, ${formatUsd(quarterly.requiredPayment)} for the year.`
              : `The target is ${Math.round(quarterly.share * 100)}% of this year's estimated tax, ${formatUsd(quarterly.requiredPayment)} for the year.`}
            {quarterly.withholding > 0 ? ` Less ${formatUsd(quarterly.withholding)} withheld.` : ''}
          </p>
          <QuarterlyDates plan={quarterly} year={2026} figures={yearFigures} />
        </section>

        {order ? (
          <SavePlan
            order={order}
            body={{
              plan: {
                year: 2026,
                filingStatus,
                profit,
                ...(follow === 's-corp' ? { salary } : {}),
                ...(withholding > 0 ? { withholding } : {}),
                ...(priorTax > 0 ? { priorYearTax: priorTax, priorYearAgi: priorAgi } : {}),
                ...(specified > 0 ? { specifiedServiceShare: specified } : {}),
              },
              runningCosts: costs,
              ...(incomeTotal(incomeMap) > 0 || expenses > 0 ? { incomeMap: { ...incomeMap, expenses } } : {}),
            }}
          />
        ) : null}

        <section aria-labelledby="salary" className="mt-8">
          <h2 id="salary" className="text-xl font-semibold text-slate-900">
            What salary is reasonable?
          </h2>
          <p className="mt-2 text-slate-800">{REASONABLE_COMPENSATION_TEXT}</p>
        </section>

        <section aria-labelledby="form-2553" className="mt-8">
          <h2 id="form-2553" className="text-xl font-semibold text-slate-900">
            When to elect: Form 2553
          </h2>
          <p className="mt-2 text-slate-800">{FORM_2553_TEXT}</p>
        </section>

        <section aria-labelledby="sources" className="mt-8">
          <h2 id="sources" className="text-xl font-semibold text-slate-900">
            Where the figures come from
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {Object.entries(TAX_PLAN_SOURCES).map(([key, text]) => (
              <li key={key}>{text}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-700">
            One filer, federal tax only, with no other income; above {formatUsd(QBI_THRESHOLD.single)} of taxable income ({formatUsd(QBI_THRESHOLD.joint)}{' '}
            joint) we assume your business is not a specified service business. An estimate, not tax advice: check with a tax professional.
          </p>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}

/**
 * Saves the plan on the order: the inputs only; the server answers the order page with the amounts
 * it computed, which the calendar, the reminders and the year-end summary show.
 */
function SavePlan({ order, body }: { order: OrderView; body: SavedTaxPlanBody }) {
  const { set } = useSetOrder(order.id);
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ kind: 'idle' | 'saving' } | { kind: 'saved' | 'error'; text: string }>({ kind: 'idle' });
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const saved = order.taxPlan?.saved;
  const remove = async () => {
    setState({ kind: 'saving' });
    try {
      set(await apiCall('DELETE /api/orders/{id}/tax-plan', { params: { id: order.id } }));
      void queryClient.invalidateQueries({ queryKey: calendarQueryKey(order.id) });
      setState({
        kind: 'saved',
        text: 'Removed. We no longer keep these figures with your order: your calendar shows no amounts, and the year-end summary is deleted.',
      });
    } catch (err) {
      setState({
        kind: 'error',
        text: err instanceof ApiError && err.body?.error ? String(err.body.error) : 'The plan could not be removed. Please try again.',
      });
    }
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const save = async () => {
    setState({ kind: 'saving' });
    try {
      const view = await apiCall('PUT /api/orders/{id}/tax-plan', { params: { id: order.id }, body });
      set(view);
      void queryClient.invalidateQueries({ queryKey: calendarQueryKey(order.id) });
      const plan = view.taxPlan?.saved;
      setState({
        kind: 'saved',
        text: plan
          ? `Saved. Your calendar now shows ${plan.answer.quarterly.map((q) => `${formatUsd(q.amount)} by ${longDate(q.due)}`).join(', ')}, and your year-end summary is in your order's documents.`
          : 'Saved.',
      });
    } catch (err) {
      const details = err instanceof ApiError ? (err.body?.details as Record<string, string[]> | undefined) : undefined;
      const first = details ? Object.values(details)[0]?.[0] : undefined;
      setState({
        kind: 'error',
        text: first ?? (err instanceof ApiError && err.body?.error ? String(err.body.error) : 'The plan could not be saved. Please try again.'),
      });
    }
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  return (
    <section aria-labelledby="save-plan" className="mt-8 rounded-xl border border-indigo-200 bg-indigo-50 p-4" data-testid="save-plan">
      <h2 id="save-plan" className="text-xl font-semibold text-slate-900">
        Keep this plan with your order
      </h2>
      <p className="mt-2 text-slate-800">
        Saving puts this year&rsquo;s quarterly amounts and the rule behind them on your compliance calendar, in the calendar file and in the reminders we email
        two weeks before each date, and writes a year-end summary for your preparer into your documents. We keep the figures you enter here with your order, and
        delete them with it.
      </p>
      {saved ? <p className="mt-2 text-sm text-slate-700">Last saved on {longDate(saved.savedAt.slice(0, 10))}: saving again replaces it.</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void save()}
          disabled={state.kind === 'saving'}
          className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {state.kind === 'saving' ? 'Saving…' : 'Save this plan to my order'}
        </button>
        {saved ? (
          <button
            type="button"
            onClick={() => void remove()}
            disabled={state.kind === 'saving'}
            className="rounded-lg border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60"
          >
            Remove the saved plan
          </button>
        ) : null}
        <Link to={paths.order(order.id)} className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
          Back to my order
        </Link>
      </div>
      {state.kind === 'saved' || state.kind === 'error' ? (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role={state.kind === 'error' ? 'alert' : 'status'}
          data-testid="save-plan-notice"
          className={`mt-3 rounded-lg border px-3 py-2 text-sm ${state.kind === 'error' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-emerald-200 bg-emerald-50 text-emerald-900'}`}
        >
          {state.text}
        </p>
      ) : null}
    </section>
  );
}
