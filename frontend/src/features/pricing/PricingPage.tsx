import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADD_ONS, addOnPrice, addOnPricesFrom } from '#shared/catalog/catalog.ts';
import { PRICING_TEXTS } from '#shared/content/texts/pricing.ts';
import { formatUsd } from '#shared/money.ts';
import { type AgentPromise, agentCostOptions, agentPromise, offersOurAgent, registeredAgentRenewalUsd } from '#shared/operator/facts.ts';
import { lowestTotal } from '#shared/price-range.ts';
import { stateFeeText } from '#shared/state-facts/expedite.ts';
import { processingFor } from '#shared/state-facts/processing-times.ts';
import { POPULAR_STATE_CODES, type StatePricing } from '#shared/states.ts';
import { CheckIcon } from '../../components/CheckIcon.tsx';
import { ProcessingTime } from '../../components/ProcessingTime.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { makeSiteText } from '../../components/SiteText.tsx';
import { useThreeYearCost } from '../../components/ThreeYearCost.tsx';
import { CostBreakdownButton } from '../../components/ThreeYearCostView.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { DATASET_LICENSE_URL, DATASET_URL } from '../../lib/dataset.ts';
import { useOperatorSettings } from '../../lib/operator.ts';
import { useAdoptValueAtMount } from '../../lib/prehydration.ts';
import { useStates } from '../../lib/pricing-queries.ts';
import { expediteOffer } from '../../lib/processing.ts';
import { paths } from '../../paths.ts';
import { filingFeeRange, isSortKey, SORT_OPTIONS, type SortKey, searchStates, sortStates } from './state-list.ts';

const POPULAR = new Set<string>(POPULAR_STATE_CODES);
/** The page's editable texts (page 'pricing' of the site-text registry). */
const Text = makeSiteText('pricing', PRICING_TEXTS);

/** The state's own expedite fee for a card: the fee, or why there is none. */
function stateExpediteText(code: string): string {
  const offer = expediteOffer(code);
  if (!offer) return '—';
  if (offer.available) return stateFeeText(offer.fee);
  const status = processingFor(code)?.expediteStatus;
  return status === 'not-offered' ? 'Not sold' : status === 'not-for-llc-formation' ? 'Not sold for LLCs' : 'Not known';
}
/** The states of the example table (docs/product.md section 9's example filing fees); figures come from the data. */
export const EXAMPLE_STATE_CODES = ['FL', 'TX', 'CA', 'NY'] as const;

/** What every order includes; our registered agent only where the operator's offices are (docs/decisions/0415). */
function included(promise: AgentPromise | undefined, renewalUsd: number): string[] {
  return [
    'Preparation and filing of your Articles of Organization with the state',
    ...(promise
      ? [
          `Registered agent service ${promise.where} where we have an office (each card says), free for the first year (then ${formatUsd(renewalUsd)} a year, only if you choose to renew)`,
        ]
      : []),
    'Name availability check before we file',
    'Tax savings calculator and a creator-focused setup',
    'Filing status updates by email until your LLC is approved',
  ];
}

/**
 * The all-in first three years for an owner living in the state, with its itemised breakdown and,
 * under it, what the figure leaves out (the shared function's `notCounted`, as the review step and
 * the checkout say it). Prerendered with the operator's settings, so the line is there before the
 * app hydrates and nothing below it moves.
 */
function ThreeYears({ code }: { code: string }) {
  const cost = useThreeYearCost(code);
  if (!cost) return null;
  return (
    <div className="mt-2 rounded-lg bg-slate-50 px-2.5 py-1.5 text-sm text-slate-700">
      <p data-testid="three-year-total">
        First 3 years, all in: <strong className="font-semibold text-slate-900 tabular-nums">{formatUsd(cost.total)}</strong>{' '}
        <CostBreakdownButton cost={cost} label="Breakdown" className="text-xs font-semibold text-indigo-700 underline underline-offset-2" />
      </p>
      {cost.notCounted.length ? (
        <p className="mt-0.5 text-xs text-slate-600" data-testid="three-year-not-counted">
          Not counted: {cost.notCounted.join('; ')}.
        </p>
      ) : null}
    </div>
  );
}

/** Our recurring charges, published before anyone pays (docs/product.md "Recurring charges"): the registered agent, and annual reports if asked. */
function RecurringCharges({ promise, renewalUsd }: { promise: AgentPromise | undefined; renewalUsd: number }) {
  if (!promise) {
    return (
      <div id="registered-agent" className="mt-8 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="recurring-charges">
        <h3 className="text-lg font-semibold text-slate-900">No recurring charge unless you ask</h3>
        <p className="mt-2 text-slate-700">
          You name your own registered agent when you give your filing details (each state card says). We make no recurring charge unless you ask us, at
          checkout or on your order page, to file your annual reports: each report is then charged before it is due, at our fee plus the state's fee, and you
          can cancel it on your order page in one click.
        </p>
      </div>
    );
  }
  return (
    <div id="registered-agent" className="mt-8 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="recurring-charges">
      <h3 className="text-lg font-semibold text-slate-900">Our recurring charges: the registered agent, and annual reports if you ask</h3>
      <p className="mt-2 text-slate-700">
        In the {promise.states.length === 1 ? 'state' : `${promise.states.length} states`} where we have a registered agent office (each card says), the first
        year of our registered agent service is included in the order. After it, the service renews at{' '}
        <strong className="font-semibold text-slate-900">{formatUsd(renewalUsd)} a year</strong>, only if you agree when you give your filing details. We email
        you 30 and 7 days before each renewal is charged, and you can cancel it from your order page in one click. We make no other recurring charge unless you
        ask us, at checkout or on your order page, to file your annual reports: each report is then charged before it is due, at our fee plus the state's fee,
        and you can cancel it on your order page in one click.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Each state card's three-year total includes two renewals where we act as agent (none elsewhere: you name your own), the state's yearly report fees and
        its minimum yearly taxes. Living in another state than the one you file in adds that state's registration and yearly fees: the wizard shows both options
        side by side.
      </p>
    </div>
  );
}

function StateCard({ state }: { state: StatePricing }) {
  const popular = POPULAR.has(state.code);
  // Our agent only where the operator has an office there (the filing form and the server follow the same rule).
  const ourAgent = offersOurAgent(useOperatorSettings(), state.code);
  return (
    <li
      className={`flex min-w-0 flex-col rounded-2xl border bg-white p-5 shadow-sm ${popular ? 'border-indigo-300 ring-2 ring-indigo-500' : 'border-slate-200'}`}
      data-testid="state-card"
      data-code={state.code}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{state.name}</h3>
          <p className="text-sm text-slate-600">{state.code}</p>
        </div>
        {popular && <span className="rounded-full bg-indigo-600 px-2.5 py-1 text-xs font-semibold text-white">Popular</span>}
      </div>
      <p className="mt-4 text-3xl font-bold text-slate-900">{formatUsd(state.totalCost)}</p>
      <p className="text-sm text-slate-600">total</p>
      <ThreeYears code={state.code} />
      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">State filing fee</dt>
          <dd className="font-medium text-slate-900">{formatUsd(state.filingFee)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">Service fee</dt>
          <dd className="font-medium text-slate-900">{formatUsd(state.serviceFee)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">Registered agent</dt>
          <dd className="text-right font-medium text-slate-900" data-testid={`agent-${state.code}`}>
            {ourAgent ? 'Ours, first year included' : 'Name your own'}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">State expedite</dt>
          <dd className="text-right font-medium text-slate-900">{stateExpediteText(state.code)}</dd>
        </div>
        <div className="pt-1">
          <dt className="text-slate-600">State processing time</dt>
          <dd className="mt-0.5 text-slate-900">
            <ProcessingTime code={state.code} testId={`processing-${state.code}`} />
          </dd>
        </div>
      </dl>
      <Link
        to={paths.wizard({ state: state.code })}
        className={`mt-5 inline-flex items-center justify-center rounded-xl px-4 py-2.5 text-sm font-semibold ${
          popular ? 'bg-indigo-600 text-white hover:bg-indigo-700' : 'border border-slate-300 text-slate-900 hover:bg-slate-50'
        }`}
      >
        Start in {state.name}
      </Link>
    </li>
  );
}

/** Table cells: narrow padding on phones, so the four columns fit a 320 px screen. */
const CELL = 'px-2 py-3 font-semibold first:pl-3 last:pr-3 sm:px-4 sm:first:pl-4 sm:last:pr-4';

/** The range of state filing fees, from the dataset the cards use (credited below the cards). */
function FeeRange({ states }: { states: readonly StatePricing[] }) {
  const range = filingFeeRange(states);
  if (!range) return null;
  return (
    <p className="mt-4 text-sm text-slate-700" data-testid="filing-fee-range">
      State filing fees range from {formatUsd(range.low.fee)} ({range.low.names.join(', ')}) to {formatUsd(range.high.fee)} ({range.high.names.join(', ')}).
    </p>
  );
}

function ExampleTable({ states }: { states: readonly StatePricing[] }) {
  const rows = EXAMPLE_STATE_CODES.map((code) => states.find((s) => s.code === code)).filter((s): s is StatePricing => Boolean(s));
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Example prices in four states</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={CELL}>
              State
            </th>
            <th scope="col" className={CELL}>
              Filing fee
            </th>
            <th scope="col" className={CELL}>
              Service fee
            </th>
            <th scope="col" className={CELL}>
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((s) => (
            <tr key={s.code}>
              <th scope="row" className={`${CELL} font-medium text-slate-900`}>
                {s.name}
              </th>
              <td className={`${CELL} text-slate-700 tabular-nums`}>{formatUsd(s.filingFee)}</td>
              <td className={`${CELL} text-slate-700 tabular-nums`}>{formatUsd(s.serviceFee)}</td>
              <td className={`${CELL} font-semibold text-slate-900 tabular-nums`}>{formatUsd(s.totalCost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The pricing page (docs/product.md "Pricing page"): every state's price, searchable and sortable. */
export default function PricingPage() {
  usePageMeta({
    title: 'LLC pricing by state | CreatorLLC',
    description: 'State filing fee plus our service fee for every US state, with processing times. Search and compare, then start your LLC.',
  });
  const { data: states, isPending, isError } = useStates();
  const [query, setQuery] = useState('');
  const [sortKey, setSortKey] = useState<SortKey>('name');
  const searchRef = useRef<HTMLInputElement>(null);
  const sortRef = useRef<HTMLSelectElement>(null);
  useAdoptValueAtMount(searchRef, setQuery);
  useAdoptValueAtMount(sortRef, (value) => isSortKey(value) && setSortKey(value));
  const id = useId();
  // Sorted by the totals the cards show: our agent priced only where the operator has an office.
  const operator = useOperatorSettings();
  const prices = operator ? addOnPricesFrom(operator) : undefined;
  // Every promise of our registered agent reads the operator's offices: none until they are read.
  const promise = agentPromise(operator);
  const renewalUsd = registeredAgentRenewalUsd(operator);
  const shown = useMemo(() => (states ? sortStates(searchStates(states, query), sortKey, agentCostOptions(operator)) : []), [states, query, sortKey, operator]);

  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-slate-50">
        <section className="bg-gradient-to-b from-indigo-50 to-slate-50 px-4 pt-12 pb-8 sm:px-6 sm:pt-16">
          <div className="mx-auto max-w-6xl">
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              <Text k="hero.title" />
            </h1>
            <p className="mt-4 min-h-[5.25rem] max-w-2xl text-lg text-slate-600 sm:min-h-[3.5rem]">
              <Text k="hero.subtitle" />
              {promise ? ` ${promise.sentence}` : ''}
              {states?.length ? ` Starting at ${formatUsd(lowestTotal(states))}.` : ''}
            </p>
          </div>
        </section>

        <section aria-labelledby={`${id}-states`} className="px-4 pb-12 sm:px-6">
          <div className="mx-auto max-w-6xl">
            <h2 id={`${id}-states`} className="sr-only">
              Prices by state
            </h2>
            <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
              <div className="flex-1">
                <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
                  Search states
                </label>
                <input
                  ref={searchRef}
                  id={`${id}-search`}
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder="State name or code, e.g. Texas or TX"
                  className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
                />
              </div>
              <div className="sm:w-56">
                <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-slate-800">
                  Sort by
                </label>
                <select
                  ref={sortRef}
                  id={`${id}-sort`}
                  value={sortKey}
                  onChange={(e) => isSortKey(e.target.value) && setSortKey(e.target.value)}
                  className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
                >
                  {SORT_OPTIONS.map((o) => (
                    <option key={o.key} value={o.key}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>

            <div aria-live="polite" className="mt-6">
              {isPending && (
                // Holds the cards' place so the sections below don't jump when prices arrive.
                <p role="status" className="min-h-[150svh] text-slate-600">
                  Loading state pricing...
                </p>
              )}
              {isError && <p className="rounded-xl bg-rose-50 p-4 text-rose-800">We could not load state pricing. Please refresh the page.</p>}
              {states && shown.length === 0 && (
                <p className="rounded-xl bg-white p-6 text-center text-slate-700 shadow-sm" data-testid="pricing-empty">
                  No states found matching "{query.trim()}"
                </p>
              )}
              {states && shown.length > 0 && (
                <p className="sr-only">
                  {shown.length} {shown.length === 1 ? 'state' : 'states'} shown
                </p>
              )}
            </div>
            {shown.length > 0 && (
              <ul className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {shown.map((s) => (
                  <StateCard key={s.code} state={s} />
                ))}
              </ul>
            )}
          </div>
        </section>

        <section aria-labelledby={`${id}-examples`} className="px-4 py-12 sm:px-6">
          <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-2">
            <div className="min-w-0">
              <h2 id={`${id}-examples`} className="text-2xl font-bold tracking-tight text-slate-900">
                <Text k="examples.title" />
              </h2>
              <p className="mt-2 text-slate-600">
                <Text k="examples.subtitle" />
              </p>
              <div className="mt-5">{states ? <ExampleTable states={states} /> : <div className="h-48 rounded-2xl bg-white shadow-sm" />}</div>
              {states ? <FeeRange states={states} /> : null}
            </div>
            <div className="min-w-0">
              <h2 className="text-2xl font-bold tracking-tight text-slate-900">
                <Text k="included.title" />
              </h2>
              <ul className="mt-5 space-y-3">
                {included(promise, renewalUsd).map((item) => (
                  <li key={item} className="flex gap-3 text-slate-800">
                    <CheckIcon className="mt-0.5 h-5 w-5 text-emerald-600" />
                    {item}
                  </li>
                ))}
              </ul>
              <RecurringCharges promise={promise} renewalUsd={renewalUsd} />
              <h3 className="mt-8 text-lg font-semibold text-slate-900">
                <Text k="addOns.title" />
              </h3>
              <ul className="mt-3 space-y-2 text-slate-700">
                {ADD_ONS.map((entry) => (
                  <li key={entry.key} className="flex justify-between gap-4 rounded-xl bg-white px-4 py-3 shadow-sm">
                    <span className="min-w-0">
                      {entry.name}
                      <span className="block text-sm text-slate-600">{entry.priceListNote ?? entry.description}</span>
                    </span>
                    <span className="shrink-0 text-right font-semibold text-slate-900">
                      +{formatUsd(addOnPrice(entry.key, prices))}
                      {entry.governmentFee ? <span className="block text-xs font-normal text-slate-600">+ state fee</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <p className="mx-auto mt-10 max-w-6xl text-xs text-slate-600">
            State fees, yearly taxes, foreign registration fees and processing times from the{' '}
            <a href={DATASET_URL} className="underline underline-offset-2" rel="noopener noreferrer">
              US LLC State Requirements Dataset
            </a>{' '}
            by StartupSole LLC, licensed{' '}
            <a href={DATASET_LICENSE_URL} className="underline underline-offset-2" rel="noopener noreferrer">
              CC BY 4.0
            </a>
            . Each processing time is the state's own published figure on the date shown, not a promise: fees and queues change, so check the state's site
            before relying on a figure.
          </p>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
