import { useId } from 'react';
import { formatUsd } from '#shared/money.ts';
import { ADD_ON_KEYS, ADD_ONS, priceOrder, processingTimeFor } from '#shared/pricing.ts';
import { calculateSavings } from '#shared/savings.ts';
import { DEFAULT_STATE_CODE } from '#shared/states.ts';
import { CONTENT_TYPE_LABELS, PLATFORM_LABELS } from '#shared/wizard/options.ts';
import type { WizardData } from '#shared/wizard/schema.ts';
import { LegalPlaceholder } from '../../components/ComingSoon.tsx';
import { PriceLines } from '../../components/PriceLines.tsx';
import { useStatePricing } from '../../lib/pricing-queries.ts';
import { StepActions } from './fields.tsx';

/** What every formation includes. */
export const PACKAGE_CONTENTS = [
  'Professional LLC filing with the state',
  'Registered agent service (free for the first year)',
  'Tax savings calculator and expense categories for creators',
  'Creator-focused setup guidance',
  'Your formation documents by email once approved',
] as const;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900 sm:text-right">{value || '—'}</dd>
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
}: {
  data: WizardData;
  update: (patch: Partial<WizardData>) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
}) {
  const id = useId();
  const { data: pricing, isError } = useStatePricing(data.state);
  const order = pricing ? priceOrder(pricing, data) : undefined;
  const savings = calculateSavings(data.monthlyExpenses);
  const estimatedSavings = data.estimatedSavings || savings.estimatedSavings;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Review your application
      </h1>
      <p className="mt-2 text-slate-600">Check everything before you file. You can go back to edit any step.</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
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
              <Row label="Formation state" value={pricing?.name ?? (data.state || DEFAULT_STATE_CODE)} />
              <Row label="Annual income" value={formatUsd(data.annualIncome)} />
              <Row label="Content types" value={data.contentTypes.map((c) => CONTENT_TYPE_LABELS[c]).join(', ')} />
              <Row label="Platforms" value={data.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')} />
              <Row label="Estimated annual deductions" value={formatUsd(savings.annualExpenses)} />
              <Row label="Estimated tax savings" value={`${formatUsd(estimatedSavings)} / year`} />
            </dl>
          </div>
          <fieldset className="rounded-2xl border border-slate-200 p-5">
            <legend className="px-1 text-base font-semibold text-slate-900">Optional add-ons</legend>
            <div className="mt-1 space-y-3">
              {ADD_ON_KEYS.map((key) => (
                <label key={key} className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 hover:border-indigo-300">
                  <input type="checkbox" className="mt-1 h-4 w-4 accent-indigo-600" checked={data[key]} onChange={(e) => update({ [key]: e.target.checked })} />
                  <span className="flex-1">
                    <span className="block text-sm font-semibold text-slate-900">{ADD_ONS[key].label}</span>
                    <span className="block text-sm text-slate-600">{ADD_ONS[key].description}</span>
                  </span>
                  <span className="text-sm font-semibold text-slate-900">+{formatUsd(ADD_ONS[key].price)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <aside className="space-y-6 lg:col-span-2" aria-label="Order summary">
          <div className="rounded-2xl border border-indigo-200 bg-indigo-50/50 p-5">
            <h2 className="text-base font-semibold text-slate-900">Price breakdown</h2>
            {order ? (
              <>
                <PriceLines lines={order.lines} total={order.total} />
                <p className="mt-2 text-xs text-slate-600">Processing time: {processingTimeFor(data)}</p>
              </>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{isError ? 'Pricing could not be loaded. Please refresh.' : 'Loading pricing…'}</p>
            )}
          </div>
          <div className="rounded-2xl border border-slate-200 p-5">
            <h2 className="text-base font-semibold text-slate-900">Your package includes</h2>
            <ul className="mt-3 space-y-2">
              {PACKAGE_CONTENTS.map((item) => (
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

      <p className="mt-6 text-xs text-slate-600">
        By proceeding you agree to our <LegalPlaceholder page="terms" className="font-medium text-indigo-700 underline" /> and{' '}
        <LegalPlaceholder page="privacy" className="font-medium text-indigo-700 underline" />. We are not a law firm and give no tax, legal or accounting
        advice.
      </p>
      <StepActions
        onBack={onBack}
        backLabel="Back to Edit"
        nextLabel="Proceed to Payment"
        nextDisabled={false}
        onNext={onSubmit}
        busy={submitting}
        busyLabel="Submitting…"
      />
    </section>
  );
}
