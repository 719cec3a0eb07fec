import { useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { longDate } from '#shared/compliance/dates.ts';
import { formatUsd } from '#shared/money.ts';
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
} from '#shared/tax-plan.ts';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { loadWizardData } from '../wizard/wizard-storage.ts';
import { IncomeMapSection } from './IncomeMapSection.tsx';

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

/**
 * The S-corporation planner (docs/product.md "Tax planner"): the creator's profit, salary share
 * and running costs, their 2026 federal tax as a sole proprietor and as an S-corporation owner,
 * the break-even, the reasonable-compensation guidance and the Form 2553 deadline. Computed in
 * the browser by the same engine POST /api/tax-plan answers from (shared/tax-plan.ts).
 */
export default function TaxPlanPage() {
  usePageMeta({
    title: 'Does an LLC save me tax? The S-corporation planner | CreatorLLC',
    description: 'Your 2026 federal tax as a sole proprietor and as an S-corporation owner, the break-even profit and what the IRS expects of your salary.',
  });
  const location = useLocation();
  // From the order page (the wizard's figures as the order stored them, handed over in the
  // navigation's state, never in the address), else this browser's wizard.
  const handed = (location.state as { profit?: unknown } | null)?.profit;
  const prefilled = useMemo(() => profitFrom(handed) ?? wizardProfit(), [handed]);
  const [profit, setProfit] = useState(prefilled ?? 80_000);
  const [filingStatus, setFilingStatus] = useState<FilingStatus>('single');
  const [sharePercent, setSharePercent] = useState(40);
  const [costs, setCosts] = useState<RunningCosts>(DEFAULT_RUNNING_COSTS);
  const [follow, setFollow] = useState<'sole' | 's-corp'>('sole');
  const [priorTax, setPriorTax] = useState(0);
  const [priorAgi, setPriorAgi] = useState(0);
  const [withholding, setWithholding] = useState(0);
  const followName = useId();
  const shareId = useId();
  const statusName = useId();

  const salary = Math.round((profit * sharePercent) / 100);
  const sole = soleProprietorPlan(filingStatus, profit);
  const sCorp = sCorpPlan(filingStatus, profit, salary, 0, costs, sole);
  const yearTax = follow === 'sole' ? sole.total : sCorp.incomeTax + sCorp.additionalMedicareTax;
  // Last year's tax counts once the creator gives it (a first year in business has none to give).
  const quarterly = quarterlyPlan(yearTax, priorTax > 0 ? { tax: priorTax, agi: priorAgi } : undefined, withholding);
  const breakEven = useMemo(() => breakEvenProfit(filingStatus, sharePercent / 100, 0, costs), [filingStatus, sharePercent, costs]);

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
            hint={prefilled !== undefined ? 'Filled in from the income and expenses you gave in the wizard.' : undefined}
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

        <IncomeMapSection onUseProfit={setProfit} />

        <section aria-labelledby="quarterly" className="mt-8">
          <h2 id="quarterly" className="text-xl font-semibold text-slate-900">
            What you pay each quarter
          </h2>
          <p className="mt-2 text-slate-800">
            Nobody withholds tax from a creator&rsquo;s profit, so the IRS expects it in four instalments (Form 1040-ES). You owe no underpayment penalty when
            they add up to the lesser of {quarterlyShareText.current} of this year&rsquo;s tax and {quarterlyShareText.prior} of last year&rsquo;s (
            {quarterlyShareText.priorHigh} when last year&rsquo;s adjusted gross income was above {formatUsd(quarterlyShareText.agiThreshold)}). Income tax
            withheld from a salary or another job counts as paid. With an S-corporation, payroll tax goes through payroll and the instalments cover the income
            tax.
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
          <ul className="mt-2 grid gap-2 sm:grid-cols-4" data-testid="quarterly-instalments">
            {quarterly.instalments.map((q) => (
              <li key={q.due} className="rounded-lg border border-slate-200 bg-white p-3">
                <span className="block text-sm text-slate-700">{longDate(q.due)}</span>
                <span className="block text-lg font-semibold tabular-nums text-slate-900">{formatUsd(q.amount)}</span>
              </li>
            ))}
          </ul>
        </section>

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
