import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { compareText } from '#shared/compare-text.ts';
import { formatUsd } from '#shared/money.ts';
import { stateName as bundledStateName, findStatePricing, STATE_PRICING, type StatePricing } from '#shared/states.ts';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import {
  answerInventory,
  chooseFilingState,
  choosePriority,
  chooseResidenceState,
  type FilingChoice,
  filesAwayFromHome,
  filesInHomeState,
  recommendedState,
  takeRecommendation,
} from '#shared/wizard/filing-state.ts';
import { HOME_STATE_ADVICE, homeStateWarning } from '#shared/wizard/home-state-warnings.ts';
import { PRIORITIES, PRIORITY_LABELS } from '#shared/wizard/options.ts';
import { fieldProblems, stepProblems } from '#shared/wizard/steps.ts';
import { ProcessingTime } from '../../components/ProcessingTime.tsx';
import { StateDataCredit } from '../../components/StateDataCredit.tsx';
import { useStatePricing, useStates } from '../../lib/pricing-queries.ts';
import { INPUT, Placeholder, StepActions, type StepProps, WizardTextField } from './fields.tsx';
import { setChosenState, useChosenState } from './filing-choice.ts';
import { StepHeading } from './StepHeading.tsx';

// The home-state comparison shows once a visitor says where they live, never in the first view:
// its module (with the states' cost data) loads then, or earlier when the page is idle (WizardPage).
export const loadHomeStateComparison = () => import('./HomeStateComparison.tsx');
const HomeStateComparison = lazy(() => loadHomeStateComparison().then((m) => ({ default: m.HomeStateComparison })));
const PublicRecord = lazy(() => import('./PublicRecord.tsx').then((m) => ({ default: m.PublicRecord })));

const INVENTORY_QUESTION = 'Do you keep inventory or ship physical products?';
const INVENTORY_OPTIONS = [
  { value: true, label: 'Yes', hint: 'I sell or ship products' },
  { value: false, label: 'No', hint: 'Content, brand deals, services' },
] as const;
const PRIORITY_QUESTION = 'What matters most to you?';
const RESIDENCE_LABEL = 'Which state do you live in?';
const RESIDENCE_HINT = 'Where you live and work: we show what that state asks of your LLC too.';
/** The contact fields, in order: the step and its skeleton lay them out alike. */
const CONTACT_FIELDS = [
  { field: 'firstName', label: 'First name', suffix: 'first', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', suffix: 'last', type: 'text', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', suffix: 'email', type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone', suffix: 'phone', type: 'tel', autoComplete: 'tel' },
] as const;
const CHOICE_CARD = 'rounded-xl border p-4';
const CHOICE_CARD_CHECKED = 'cursor-pointer border-indigo-600 bg-indigo-50 focus-within:ring-2 focus-within:ring-indigo-500';
const CHOICE_CARD_UNCHECKED = 'cursor-pointer border-slate-300 bg-white hover:border-indigo-300 focus-within:ring-2 focus-within:ring-indigo-500';

/** Every state once, sorted by name; the bundled state data while live pricing is missing. */
export function stateOptions(states: readonly StatePricing[] | undefined): StatePricing[] {
  const byCode = new Map<string, StatePricing>();
  for (const s of states ?? STATE_PRICING) if (!byCode.has(s.code)) byCode.set(s.code, s);
  // Code-unit order (state names are ASCII): localeCompare's first call builds a collator, tens of ms on a phone.
  return [...byCode.values()].sort((a, b) => compareText(a.name, b.name));
}

function StateSelect({
  id,
  label,
  value,
  onChange,
  states,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  states: StatePricing[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} className={INPUT} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Select a state…</option>
        {states.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Filing state, total and the filing + service split, and the state's processing time. Until live
 * pricing loads (or when it fails) the state's own figures from the bundled state data are shown,
 * and a failure is said.
 */
export function PricingBanner({ stateCode, fallbackName }: { stateCode: string; fallbackName?: string }) {
  const { data, isError } = useStatePricing(stateCode);
  const price = data ?? findStatePricing(stateCode);
  return (
    <div className="rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-600 p-5 text-white shadow-sm" aria-live="polite" data-testid="pricing-banner">
      <p className="text-sm font-medium text-indigo-100">Your filing state</p>
      <p className="mt-1 text-xl font-bold">{data?.name ?? price?.name ?? fallbackName ?? stateCode}</p>
      {price ? (
        <p className="mt-2 text-base">
          <span className="text-2xl font-extrabold">{formatUsd(price.totalCost)}</span> total ({formatUsd(price.filingFee)} filing +{' '}
          {formatUsd(price.serviceFee)} service)
        </p>
      ) : null}
      <p className="mt-1 text-xs text-indigo-100">State filing fee + our service fee</p>
      {isError ? (
        <p className="mt-2 rounded-lg bg-white/15 px-3 py-2 text-sm" role="status">
          Live pricing could not be loaded: these are the fees from our state data. The total is confirmed at checkout.
        </p>
      ) : null}
      <p className="mt-3 text-sm">
        State processing time: <ProcessingTime code={stateCode} />
      </p>
      <StateDataCredit className="mt-2 text-xs text-indigo-100 [&_a]:text-white" />
    </div>
  );
}

/** "Want to file in a different state?": a collapsible selector of any state (the visitor's own choice). */
function OtherState({
  id,
  open,
  onToggle,
  value,
  states,
  onChange,
}: {
  id: string;
  open: boolean;
  onToggle: () => void;
  value: string;
  states: StatePricing[];
  onChange: (code: string) => void;
}) {
  return (
    <>
      <button
        type="button"
        className="mt-3 text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline"
        aria-expanded={open}
        aria-controls={`${id}-other`}
        onClick={onToggle}
      >
        Want to file in a different state?
      </button>
      <div id={`${id}-other`} hidden={!open} className="mt-3 max-w-sm">
        <StateSelect id={`${id}-filing`} label="Filing state" value={value} states={states} onChange={onChange} />
      </div>
    </>
  );
}

/** Step 1: contact details and where to file. */
export function BasicInfoStep({ data, update, onNext, frame = false }: StepProps<WizardData> & { frame?: boolean }) {
  const id = useId();
  const { data: statesData } = useStates();
  const states = useMemo(() => stateOptions(statesData), [statesData]);
  const [otherStateOpen, setOtherStateOpen] = useState(false);
  const problems = stepProblems(1, data);
  const fieldErrors = fieldProblems(1, data);
  const choice: FilingChoice = { hasInventory: data.hasInventory, priority: data.priority, residenceState: data.residenceState, state: data.state };
  // A state the visitor chose themselves stays the filing state until they change it.
  const chosen = useChosenState(data.state);
  const setChoice = (next: FilingChoice) => update(next);
  const answered = data.hasInventory || data.priority !== '';
  const needsResidence = filesInHomeState(choice);
  const warning = homeStateWarning(data.state);
  const nameOf = (code: string) => states.find((s) => s.code === code)?.name ?? bundledStateName(code);
  const stateName = nameOf(data.state);
  const recommended = recommendedState(choice);
  const recommendationLabel = needsResidence ? 'file where you live' : data.priority ? PRIORITY_LABELS[data.priority].label.toLowerCase() : '';
  const chooseOther = (code: string) => {
    if (!code) return;
    setChosenState(code);
    setChoice(chooseFilingState(choice, code));
  };
  const takeOurs = () => {
    setChosenState(undefined);
    setChoice(takeRecommendation(choice));
  };

  if (frame)
    return (
      <section aria-labelledby={`${id}-title`}>
        <StepHeading id={`${id}-title`} step={1} />
        <BasicInfoSkeleton />
      </section>
    );

  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} step={1} />

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {CONTACT_FIELDS.map(({ field, label, suffix, type, autoComplete }) => (
          <WizardTextField
            key={field}
            field={field}
            problem={fieldErrors[field]}
            id={`${id}-${suffix}`}
            label={label}
            type={type}
            autoComplete={autoComplete}
            required
            value={data[field]}
            onValue={(value) => update({ [field]: value })}
          />
        ))}
      </div>

      <fieldset className="mt-8">
        <legend className="text-base font-semibold text-slate-900">{INVENTORY_QUESTION}</legend>
        <div className="mt-3 grid grid-cols-2 gap-3">
          {INVENTORY_OPTIONS.map((opt) => {
            const checked = answered && data.hasInventory === opt.value;
            return (
              <label key={opt.label} className={`${CHOICE_CARD} ${checked ? CHOICE_CARD_CHECKED : CHOICE_CARD_UNCHECKED}`}>
                <input
                  type="radio"
                  name={`${id}-inventory`}
                  value={opt.value ? 'yes' : 'no'}
                  className="sr-only"
                  checked={checked}
                  onChange={() => setChoice(answerInventory(choice, opt.value, chosen))}
                />
                <span className="block font-semibold text-slate-900">{opt.label}</span>
                <span className="block text-sm text-slate-600">{opt.hint}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {!data.hasInventory && (
        <fieldset className="mt-8">
          <legend className="text-base font-semibold text-slate-900">{PRIORITY_QUESTION}</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {PRIORITIES.map((p) => {
              const checked = data.priority === p;
              return (
                <label key={p} className={`${CHOICE_CARD} ${checked ? CHOICE_CARD_CHECKED : CHOICE_CARD_UNCHECKED}`}>
                  <input
                    type="radio"
                    name={`${id}-priority`}
                    value={p}
                    className="sr-only"
                    checked={checked}
                    onChange={() => setChoice(choosePriority(choice, p, chosen))}
                  />
                  <span className="block font-semibold text-slate-900">{PRIORITY_LABELS[p].label}</span>
                  <span className="block text-sm text-slate-600">{PRIORITY_LABELS[p].description}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      {/* Asked of every visitor: the LLC is filed where they live, or usually has to register there as well. */}
      <div className="mt-6 max-w-sm">
        <StateSelect
          id={`${id}-residence`}
          label={RESIDENCE_LABEL}
          value={data.residenceState}
          states={states}
          onChange={(code) => setChoice(chooseResidenceState(choice, code, chosen))}
        />
        {!needsResidence ? <p className="mt-1 text-xs text-slate-600">{RESIDENCE_HINT}</p> : null}
      </div>

      {chosen ? (
        <div className="mt-6 rounded-2xl border border-slate-300 bg-white p-5" data-testid="filing-choice">
          <p className="text-sm font-medium text-slate-700">Your choice</p>
          <p className="mt-1 text-lg font-bold text-slate-900">File in {stateName}</p>
          {recommended && recommended !== data.state && recommendationLabel ? (
            <p className="mt-2 text-sm text-slate-700">
              Our recommendation for {recommendationLabel}: {nameOf(recommended)}.{' '}
              <button type="button" className="font-semibold text-indigo-700 underline-offset-2 hover:underline" onClick={takeOurs}>
                File in {nameOf(recommended)} instead
              </button>
            </p>
          ) : null}
          <OtherState id={id} open={otherStateOpen} onToggle={() => setOtherStateOpen((o) => !o)} value={data.state} states={states} onChange={chooseOther} />
        </div>
      ) : (
        !needsResidence &&
        data.priority !== '' && (
          <div className="mt-6 rounded-2xl border border-indigo-200 bg-indigo-50/60 p-5" data-testid="filing-choice">
            <p className="text-sm font-medium text-indigo-800">Recommended for {PRIORITY_LABELS[data.priority].label.toLowerCase()}</p>
            <p className="mt-1 text-lg font-bold text-slate-900">File in {stateName}</p>
            <OtherState id={id} open={otherStateOpen} onToggle={() => setOtherStateOpen((o) => !o)} value={data.state} states={states} onChange={chooseOther} />
          </div>
        )
      )}

      {data.priority === 'privacy' && data.state ? (
        <Suspense fallback={null}>
          <PublicRecord state={data.state} />
        </Suspense>
      ) : null}

      {filesAwayFromHome(data.residenceState, data.state) ? (
        <Suspense fallback={null}>
          <HomeStateComparison home={data.residenceState} state={data.state} onFormAtHome={() => chooseOther(data.residenceState)} />
        </Suspense>
      ) : null}

      <div className="mt-6">
        <PricingBanner stateCode={data.state} fallbackName={stateName} />
      </div>

      {warning && (
        <div role="note" className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Heads up about {stateName ?? data.state}</p>
          <p className="mt-1">
            {warning} {HOME_STATE_ADVICE}
          </p>
        </div>
      )}

      {problems.length > 0 && (
        <p className="mt-6 text-sm text-slate-600" id={`${id}-todo`}>
          To continue: {problems.join(' · ')}
        </p>
      )}
      <StepActions nextLabel="Next" nextDisabled={problems.length > 0} onNext={onNext} />
    </section>
  );
}

/**
 * The first step before the app has rendered its fields: what is the same for every visitor (the
 * questions and their options) with grey in place of every value, at the size the step takes for a
 * visitor with nothing saved, so the fields replace it without moving anything in the first view
 * (docs/decisions/0195). Prerendered (site/pages.ts) and shown until WizardPage has read this
 * browser's answers and the address's ?state=.
 */
function BasicInfoSkeleton() {
  return (
    <div role="status" aria-label="Loading the form" aria-busy="true">
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {CONTACT_FIELDS.map(({ field, label }) => (
          <div key={field}>
            <p className="block text-sm font-medium text-slate-800">{label}</p>
            <div className={INPUT}>
              <Placeholder className="h-6 w-2/3 bg-slate-100" />
            </div>
          </div>
        ))}
      </div>
      <div className="mt-8">
        <p className="text-base font-semibold text-slate-900">{INVENTORY_QUESTION}</p>
        <div className="mt-3 grid grid-cols-2 gap-3">
          {INVENTORY_OPTIONS.map((opt) => (
            <div key={opt.label} className={`${CHOICE_CARD} border-slate-200 bg-white`}>
              <span className="block font-semibold text-slate-400">{opt.label}</span>
              <span className="block text-sm text-slate-400">{opt.hint}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-8">
        <p className="text-base font-semibold text-slate-900">{PRIORITY_QUESTION}</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {PRIORITIES.map((p) => (
            <div key={p} className={`${CHOICE_CARD} border-slate-200 bg-white`}>
              <span className="block font-semibold text-slate-400">{PRIORITY_LABELS[p].label}</span>
              <span className="block text-sm text-slate-400">{PRIORITY_LABELS[p].description}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 max-w-sm">
        <p className="block text-sm font-medium text-slate-800">{RESIDENCE_LABEL}</p>
        <div className={INPUT}>
          <Placeholder className="h-6 w-1/2 bg-slate-100" />
        </div>
        <p className="mt-1 text-xs text-slate-600">{RESIDENCE_HINT}</p>
      </div>
      {/* The filing state's box: what every state's says, grey in place of the state's name and figures. */}
      <div className="mt-6 rounded-2xl bg-slate-100 p-5 text-slate-600">
        <p className="text-sm font-medium">Your filing state</p>
        <Placeholder className="mt-1 h-7 w-40" />
        <Placeholder className="mt-2 h-12 w-64 max-w-full sm:h-8" />
        <p className="mt-1 text-xs">State filing fee + our service fee</p>
        <p className="mt-3 text-sm">State processing time:</p>
        <Placeholder className="h-16 w-full sm:h-5" />
        <StateDataCredit className="mt-2 text-xs" />
      </div>
      {/* What a new visitor still has to do, in grey: the line takes its height. */}
      <p aria-hidden="true" className="mt-6 animate-pulse rounded-md bg-slate-100 text-sm text-transparent">
        To continue: {stepProblems(1, initialWizardData('')).join(' · ')}
      </p>
      <StepActions nextLabel="Next" nextDisabled onNext={() => undefined} />
    </div>
  );
}
