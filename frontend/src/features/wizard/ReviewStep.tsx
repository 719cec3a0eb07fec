import { useId } from 'react';
import { Link } from 'react-router-dom';
import { addOnOffer, toggledAddOnsIn } from '#shared/catalog/catalog.ts';
import { formatUsd } from '#shared/money.ts';
import { offersOurAgent } from '#shared/operator/facts.ts';
import { priceOrder } from '#shared/pricing.ts';
import { calculateSavings } from '#shared/savings.ts';
import { DEFAULT_STATE_CODE, findState, findStatePricing } from '#shared/states.ts';
import { form2553Problem } from '#shared/tax/s-corporation-owners.ts';
import type { WizardData } from '#shared/wizard/data.schema.ts';
import { contentTypeLabel, platformLabel } from '#shared/wizard/options.ts';
import { LazyThreeYearCostLine } from '../../components/LazyThreeYearCost.tsx';
import { OwnersQuestion } from '../../components/OwnersQuestion.tsx';
import { PriceLines } from '../../components/PriceLines.tsx';
import { ProcessingTime } from '../../components/ProcessingTime.tsx';
import { StateDataCredit } from '../../components/StateDataCredit.tsx';
import { useOperatorSettings } from '../../lib/operator.ts';
import { useStatePricing } from '../../lib/pricing-queries.ts';
import { paths } from '../../paths.ts';
import { useAddOnPrices } from './add-on-prices.ts';
import { Placeholder, StepActions, StepSkeleton } from './fields.tsx';
import { StepHeading } from './StepHeading.tsx';

/** What every formation includes; our registered agent only where the operator has an office in the filing state. */
export function packageContents(ourAgent: boolean, stateName: string): string[] {
  return [
    'Professional LLC filing with the state',
    ourAgent
      ? 'Registered agent service (free for the first year)'
      : `No registered agent of ours in ${stateName}: you name your own on the filing details, and nothing of ours renews`,
    'Tax savings calculator and expense categories for creators',
    'Creator-focused setup guidance',
    'Your formation documents in your order page’s vault once approved (we email you a link)',
  ];
}

const ROW = 'flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4';
const DETAILS_ROWS = ['Name', 'Email', 'Phone'];
const BUSINESS_ROWS = [
  'Business name',
  'Formation state',
  'Annual income',
  'Content types',
  'Platforms',
  'Estimated annual deductions',
  'Estimated tax savings',
];

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className={ROW}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm font-medium wrap-anywhere text-slate-900 sm:text-right">{value || '—'}</dd>
    </div>
  );
}

/** Step 4: everything entered, add-ons and the price (shared priceOrder), then submit. */
export function ReviewStep({
  data,
  update,
  onBack,
  onSubmit,
  submitting,
  frame = false,
}: {
  /** Its skeleton, until WizardPage has read this browser's answers. */
  frame?: boolean;
  data: WizardData;
  update: (patch: Partial<WizardData>) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
}) {
  const id = useId();
  const stateCode = data.state || DEFAULT_STATE_CODE;
  const live = useStatePricing(stateCode);
  // Live pricing, else the state's own figures from the bundled state data (the server prices the order again).
  const pricing = live.data ? { ...live.data, code: stateCode } : findStatePricing(stateCode);
  const prices = useAddOnPrices();
  const order = pricing ? priceOrder(pricing, data, prices) : undefined;
  const savings = calculateSavings(data.monthlyExpenses, data.annualIncome);
  const estimatedSavings = data.estimatedSavings || savings.estimatedSavings;
  const operator = useOperatorSettings();
  // The shared rule the server applies to the submission (shared/wizard/steps.ts): Form 2553 only for owners who may own an S corporation.
  const ownersProblem = form2553Problem(data.form2553, data.ownersUsPersons);

  if (frame)
    return (
      <section aria-labelledby={`${id}-title`}>
        <StepHeading id={`${id}-title`} step={4} />
        <ReviewSkeleton />
      </section>
    );

  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} step={4} />

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <div className="rounded-2xl border border-slate-200 p-5">
            <h2 className="text-base font-semibold text-slate-900">Your details</h2>
            <dl className="mt-2 divide-y divide-slate-100">
              <Row label="Name" value={`${data.firstName} ${data.lastName}`.trim()} />
              <Row label="Email" value={data.email} />
              <Row label="Phone" value={data.phone} />
            </dl>
          </div>
          <div className="rounded-2xl border border-slate-200 p-5">
            <h2 className="text-base font-semibold text-slate-900">Your business</h2>
            <dl className="mt-2 divide-y divide-slate-100">
              <Row label="Business name" value={data.businessName} />
              <Row label="Formation state" value={pricing?.name ?? stateCode} />
              <Row label="Annual income" value={formatUsd(data.annualIncome)} />
              <Row label="Content types" value={data.contentTypes.map(contentTypeLabel).join(', ')} />
              <Row label="Platforms" value={data.platforms.map(platformLabel).join(', ')} />
              <Row label="Estimated annual deductions" value={formatUsd(savings.annualExpenses)} />
              <Row label="Estimated tax savings" value={`${formatUsd(estimatedSavings)} / year`} />
            </dl>
          </div>
          <fieldset className="rounded-2xl border border-slate-200 p-5">
            <legend className="px-1 text-base font-semibold text-slate-900">Optional add-ons</legend>
            <div className="mt-1 space-y-3">
              {toggledAddOnsIn(stateCode).map((key) => {
                const offer = addOnOffer(key, stateCode, prices);
                const sold = offer.available;
                return (
                  <label
                    key={key}
                    className={`flex items-start gap-3 rounded-xl border border-slate-200 p-3 ${sold ? 'cursor-pointer hover:border-indigo-300' : 'cursor-not-allowed bg-slate-50'}`}
                  >
                    <input
                      type="checkbox"
                      className="mt-1 h-4 w-4 shrink-0 accent-indigo-600"
                      checked={data[key] && sold}
                      disabled={!sold}
                      onChange={(e) => update({ [key]: e.target.checked })}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                        <span className="text-sm font-semibold text-slate-900">{offer.name}</span>
                        <span className="text-sm font-semibold text-slate-900">
                          +{formatUsd(offer.price)}
                          {offer.governmentFeeText ? <span className="font-normal text-slate-600"> + {offer.governmentFeeText} state fee</span> : null}
                        </span>
                      </span>
                      <span className="mt-0.5 block text-sm text-slate-600">{offer.description}</span>
                    </span>
                  </label>
                );
              })}
            </div>
            {data.form2553 && addOnOffer('form2553', stateCode, prices).available ? (
              <OwnersQuestion value={data.ownersUsPersons} onChange={(ownersUsPersons) => update({ ownersUsPersons })} problem={ownersProblem} />
            ) : null}
          </fieldset>
        </div>

        <aside className="min-w-0 space-y-6 lg:col-span-2" aria-label="Order summary">
          <div className="rounded-2xl border border-indigo-200 bg-indigo-50/50 p-5">
            <h2 className="text-base font-semibold text-slate-900">Price breakdown</h2>
            {order ? (
              <>
                <PriceLines lines={order.lines} total={order.total} />
                <LazyThreeYearCostLine state={stateCode} residence={data.residenceState} orderLines={order.lines} className="mt-3" />
                {live.isError ? <p className="mt-2 text-xs text-slate-600">Live pricing could not be loaded: fees from our state data.</p> : null}
                <p className="mt-3 text-xs text-slate-700">
                  State processing time: <ProcessingTime code={stateCode} expedited={data.expeditedFiling} />
                </p>
                <StateDataCredit className="mt-2 text-xs text-slate-600" />
              </>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{live.isError ? 'Pricing could not be loaded. Please refresh.' : 'Loading pricing…'}</p>
            )}
          </div>
          <div className="rounded-2xl border border-slate-200 p-5">
            <h2 className="text-base font-semibold text-slate-900">Your package includes</h2>
            <ul className="mt-3 space-y-2">
              {packageContents(offersOurAgent(operator, stateCode), findState(stateCode)?.name ?? stateCode).map((item) => (
                <li key={item} className="flex gap-2 text-sm text-slate-700">
                  <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600" fill="currentColor" aria-hidden="true">
                    <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
                  </svg>
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>

      <Consent />
      <StepActions
        onBack={onBack}
        backLabel="Back to Edit"
        nextLabel="Proceed to Payment"
        nextDisabled={Boolean(ownersProblem)}
        onNext={onSubmit}
        busy={submitting}
        busyLabel="Submitting…"
      />
    </section>
  );
}

/** What proceeding agrees to: the step and its frame show it alike. */
function Consent() {
  return (
    <p className="mt-6 text-xs text-slate-600">
      By proceeding you agree to our{' '}
      <Link to={paths.terms} target="_blank" rel="noopener" className="font-medium text-indigo-700 underline">
        Terms of Service
      </Link>{' '}
      (with the{' '}
      <Link to={paths.refundPolicy} target="_blank" rel="noopener" className="font-medium text-indigo-700 underline">
        Refund Policy
      </Link>
      ) and{' '}
      <Link to={paths.privacy} target="_blank" rel="noopener" className="font-medium text-indigo-700 underline">
        Privacy Policy
      </Link>
      . We are not a law firm and give no tax, legal or accounting advice.
    </p>
  );
}

/** Rows of a card whose values are the visitor's: the labels, grey in place of each value. */
function RowsSkeleton({ labels }: { labels: readonly string[] }) {
  return (
    <div className="mt-2 divide-y divide-slate-100">
      {labels.map((label) => (
        <div key={label} className={ROW}>
          <p className="text-sm text-slate-600">{label}</p>
          <Placeholder className="h-5 w-40 max-w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * Step 4 before the app has rendered the visitor's application (site/pages.ts,
 * docs/decisions/0195): the cards and their labels, which are the same for everyone, grey in place
 * of every answer, add-on and price (they are the visitor's and their filing state's), at the
 * step's size, so the review takes its place without moving what is in the first view.
 */
function ReviewSkeleton() {
  return (
    <StepSkeleton>
      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <div className="rounded-2xl border border-slate-200 p-5">
            <p className="text-base font-semibold text-slate-900">Your details</p>
            <RowsSkeleton labels={DETAILS_ROWS} />
          </div>
          <div className="rounded-2xl border border-slate-200 p-5">
            <p className="text-base font-semibold text-slate-900">Your business</p>
            <RowsSkeleton labels={BUSINESS_ROWS} />
          </div>
          <div className="rounded-2xl border border-slate-200 p-5">
            <p className="px-1 text-base font-semibold text-slate-900">Optional add-ons</p>
            <div className="mt-1 space-y-3">
              {toggledAddOnsIn().map((key) => (
                <Placeholder key={key} className="h-24 w-full bg-slate-100 sm:h-16" />
              ))}
            </div>
          </div>
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <div className="rounded-2xl border border-indigo-200 bg-indigo-50/50 p-5">
            <p className="text-base font-semibold text-slate-900">Price breakdown</p>
            <Placeholder className="mt-3 h-64 w-full" />
          </div>
          <div className="rounded-2xl border border-slate-200 p-5">
            <p className="text-base font-semibold text-slate-900">Your package includes</p>
            <Placeholder className="mt-3 h-48 w-full bg-slate-100" />
          </div>
        </div>
      </div>
      <Consent />
      <StepActions onBack={() => undefined} backLabel="Back to Edit" nextLabel="Proceed to Payment" nextDisabled onNext={() => undefined} />
    </StepSkeleton>
  );
}
