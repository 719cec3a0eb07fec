import { useId, useRef, useState } from 'react';
import { EXPENSE_CATEGORIES } from '#shared/savings.ts';
import { normaliseBusinessName } from '#shared/wizard/business-name.ts';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import type { NameAvailability } from '#shared/wizard/names.schema.ts';
import { fieldProblems, stepProblems } from '#shared/wizard/steps.ts';
import { LlcTaxNote } from '../../components/LlcTaxNote.tsx';
import { type SavingsCalculation, SavingsCalculator } from '../../components/SavingsCalculator.tsx';
import { DbaOffer } from './DbaOffer.tsx';
import { INPUT, Placeholder, StepActions, type StepProps, StepSkeleton, ToDoPlaceholder, WizardTextField } from './fields.tsx';
import { type AvailabilityNote, NameIdeas } from './NameIdeas.tsx';
import { StepHeading } from './StepHeading.tsx';
import { checkNameAvailability } from './wizard-api.ts';

const NOTE_STYLE: Record<AvailabilityNote['tone'], string> = {
  ok: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  warn: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-slate-300 bg-slate-50 text-slate-800',
};

const NAME_LABEL = 'Business name';
const NAME_HINT = 'We add "LLC" to the end if your name doesn\'t already have it.';
const CALCULATOR_HEADING = 'Estimate your tax savings';
/** The calculator's inputs (components/SavingsCalculator.tsx), as its skeleton draws them. */
const CALCULATOR_INPUT = 'mt-1 block w-full rounded-xl border border-slate-300 px-3 text-base';

/** The server's answer about one name in one filing state; `failed` when it could not be asked. */
type NameCheck = { name: string; state: string; result: NameAvailability | 'failed' };

/** What the visitor is told about a checked name: available (a note), not available (beside the field), not checked (a note). */
function checkNote(check: NameCheck): AvailabilityNote | undefined {
  if (check.result === 'failed') return { tone: 'info', text: "We couldn't check availability right now; we'll check again before filing." };
  if (check.result.available) return { tone: 'ok', text: `${check.result.name} is available with us and meets the state's naming rules.` };
  return undefined;
}

/**
 * Step 3: business name (with the ideas helper) and the tax-savings estimate. A typed name is
 * checked when the visitor leaves the field, and again on Review Application if it changed since:
 * first with the shared rules in the browser (characters, designator, the filing state's
 * restricted words), then by the server (the same rules, and whether a paid order holds it).
 * The reason shows beside the field; the server checks it once more on submission.
 */
export function BusinessSetupStep({ data, update, onNext, onBack, frame = false }: StepProps<WizardData> & { frame?: boolean }) {
  const id = useId();
  const [ideasOpen, setIdeasOpen] = useState(false);
  const [pickNote, setPickNote] = useState<AvailabilityNote | null>(null);
  const [check, setCheck] = useState<NameCheck | null>(null);
  const [checkingForNext, setCheckingForNext] = useState(false);
  const inFlight = useRef<{ name: string; state: string; promise: Promise<NameCheck> } | null>(null);
  const problems = stepProblems(3, data);
  const ruleProblem = fieldProblems(3, data).businessName;

  const current = check && check.name === data.businessName && check.state === data.state ? check : null;
  const unavailable = current && current.result !== 'failed' && !current.result.available ? current.result : undefined;
  const nameError = ruleProblem ?? (unavailable ? `${unavailable.reason ?? 'This name is not available.'} Please choose another name.` : undefined);
  const note = pickNote ?? (current ? checkNote(current) : undefined);

  /** Asks the server about a name that passes the shared rules (one request per name and state at a time). */
  const checkName = (name: string): Promise<NameCheck> => {
    const state = data.state;
    if (inFlight.current && inFlight.current.name === name && inFlight.current.state === state) return inFlight.current.promise;
    const promise = checkNameAvailability(name, state).then(
      // An answer without a verdict counts as a check that could not be made.
      (result): NameCheck => ({ name, state, result: typeof result?.available === 'boolean' ? result : 'failed' }),
      (): NameCheck => ({ name, state, result: 'failed' }),
    );
    inFlight.current = { name, state, promise };
    void promise.then((done) => {
      if (inFlight.current?.promise === promise) inFlight.current = null;
      setCheck(done);
    });
    return promise;
  };

  const onCalculated = (c: SavingsCalculation) => {
    const same =
      c.income === data.annualIncome &&
      c.estimatedSavings === data.estimatedSavings &&
      Object.entries(c.expenses).every(([k, v]) => data.monthlyExpenses[k as keyof typeof data.monthlyExpenses] === v);
    if (!same) update({ annualIncome: c.income, monthlyExpenses: c.expenses, estimatedSavings: c.estimatedSavings });
  };

  const next = async () => {
    let verdict = current;
    if (!verdict) {
      setCheckingForNext(true);
      verdict = await checkName(data.businessName);
      setCheckingForNext(false);
    }
    // Taken, or refused by the server's rules: the reason is beside the field.
    if (verdict.result !== 'failed' && !verdict.result.available) return;
    onNext();
  };

  if (frame)
    return (
      <section aria-labelledby={`${id}-title`}>
        <StepHeading id={`${id}-title`} step={3} />
        <BusinessSetupSkeleton />
      </section>
    );

  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} step={3} />

      <div className="mt-6">
        <WizardTextField
          field="businessName"
          problem={nameError}
          id={`${id}-name`}
          label={NAME_LABEL}
          placeholder="e.g. Sunny Bites LLC"
          autoComplete="organization"
          value={data.businessName}
          onValue={(value) => {
            setPickNote(null);
            update({ businessName: value });
          }}
          normalise={normaliseBusinessName}
          onBlur={(e) => {
            // Checked as it is stored: with its designator, against the filing state's rules first.
            const name = normaliseBusinessName(e.target.value);
            if (name && !fieldProblems(3, { ...data, businessName: name }).businessName) void checkName(name);
          }}
          hint={NAME_HINT}
        />
        {note && (
          <p role="status" className={`mt-3 rounded-xl border p-3 text-sm ${NOTE_STYLE[note.tone]}`}>
            {note.text}
          </p>
        )}
        <button
          type="button"
          className="mt-3 text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline"
          aria-expanded={ideasOpen}
          onClick={() => setIdeasOpen((o) => !o)}
        >
          {ideasOpen ? 'Hide name ideas' : 'Need name ideas?'}
        </button>
        {ideasOpen && (
          <NameIdeas
            contentTypes={data.contentTypes}
            state={data.state}
            onSelect={(name, result) => {
              if (result !== 'failed' && !result.available) {
                // Not selected: the visitor's own name stays, and the note says why.
                setPickNote({ tone: 'warn', text: `${result.name}: ${result.reason ?? 'not available.'} Please choose another name.` });
                return;
              }
              setPickNote(null);
              setCheck({ name, state: data.state, result });
              update({ businessName: name });
            }}
          />
        )}
      </div>

      <div className="mt-8">
        <SavingsCalculator
          heading={CALCULATOR_HEADING}
          headingLevel="h2"
          initialIncome={data.annualIncome}
          initialExpenses={data.monthlyExpenses}
          onCalculated={onCalculated}
        />
        <LlcTaxNote page="wizard" />
      </div>

      {/* After the estimate: the step's own questions (the name, what it saves) come first, the optional DBA after. */}
      <DbaOffer data={data} update={update} />

      {(problems.length > 0 || unavailable) && (
        <p className="mt-6 text-sm text-slate-600">
          To continue: {(unavailable && !ruleProblem ? [...problems, 'Choose another business name'] : problems).join(' · ')}
        </p>
      )}
      <StepActions
        onBack={onBack}
        nextLabel="Review Application"
        nextDisabled={problems.length > 0 || Boolean(unavailable)}
        onNext={() => void next()}
        busy={checkingForNext}
        busyLabel="Checking the name…"
      />
    </section>
  );
}

/**
 * Step 3 before the app has rendered its fields (site/pages.ts, docs/decisions/0195): the name
 * field, the savings calculator and the DBA offer's box laid out as the step lays them out, grey
 * in place of every value and of what depends on the filing state (the DBA rule), so the fields
 * take its place without moving what is in the first view.
 */
function BusinessSetupSkeleton() {
  return (
    <StepSkeleton>
      <div className="mt-6">
        <p className="block text-sm font-medium text-slate-800">{NAME_LABEL}</p>
        <div className={INPUT}>
          <Placeholder className="h-6 w-2/3 bg-slate-100" />
        </div>
        <p className="mt-1 text-xs text-slate-600">{NAME_HINT}</p>
        <p className="mt-3 text-sm font-semibold text-slate-400">Need name ideas?</p>
      </div>
      <div className="mt-8">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <p className="text-xl font-semibold text-slate-900">{CALCULATOR_HEADING}</p>
          <p className="mt-1 text-sm text-slate-600">Enter your yearly income and what you spend each month on your content business.</p>
          <div className="mt-6">
            <p className="block text-sm font-medium text-slate-800">Annual Income ($)</p>
            <div className={`${CALCULATOR_INPUT} py-2.5`}>
              <Placeholder className="h-6 w-1/3 bg-slate-100" />
            </div>
          </div>
          <div className="mt-6">
            <p className="text-sm font-medium text-slate-800">Monthly business expenses ($)</p>
            <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
              {EXPENSE_CATEGORIES.map((c) => (
                <div key={c.key}>
                  <p className="block text-sm text-slate-700">{c.label}</p>
                  <div className={`${CALCULATOR_INPUT} py-2`}>
                    <Placeholder className="h-6 w-1/4 bg-slate-100" />
                  </div>
                </div>
              ))}
            </div>
          </div>
          {/* The estimate, worked out from the visitor's figures. */}
          <Placeholder className="mt-9 h-40 w-full sm:h-32" />
        </div>
        <LlcTaxNote page="wizard" />
      </div>
      {/* The DBA offer: its rule, fee and protection are the filing state's. */}
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
        <p className="text-lg font-semibold text-slate-900">Your creator name, registered as a DBA</p>
        <Placeholder className="mt-1 h-24 w-full sm:h-10" />
        <Placeholder className="mt-3 h-12 w-full sm:h-6 sm:w-2/3" />
        <Placeholder className="mt-3 h-28 w-full sm:h-14" />
        <Placeholder className="mt-2 h-12 w-full sm:h-8" />
      </div>
      <ToDoPlaceholder problems={stepProblems(3, initialWizardData(''))} />
      <StepActions onBack={() => undefined} nextLabel="Review Application" nextDisabled onNext={() => undefined} />
    </StepSkeleton>
  );
}
