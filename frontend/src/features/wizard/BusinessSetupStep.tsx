import { useId, useRef, useState } from 'react';
import { normaliseBusinessName } from '#shared/wizard/business-name.ts';
import type { WizardData } from '#shared/wizard/data.schema.ts';
import type { NameAvailability } from '#shared/wizard/names.schema.ts';
import { fieldProblems, stepProblems } from '#shared/wizard/steps.ts';
import { LlcTaxNote } from '../../components/LlcTaxNote.tsx';
import { type SavingsCalculation, SavingsCalculator } from '../../components/SavingsCalculator.tsx';
import { DbaOffer } from './DbaOffer.tsx';
import { StepActions, type StepProps, WizardTextField } from './fields.tsx';
import { type AvailabilityNote, NameIdeas } from './NameIdeas.tsx';
import { StepHeading } from './StepHeading.tsx';
import { checkNameAvailability } from './wizard-api.ts';

const NOTE_STYLE: Record<AvailabilityNote['tone'], string> = {
  ok: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  warn: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-slate-300 bg-slate-50 text-slate-800',
};

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
export function BusinessSetupStep({ data, update, onNext, onBack }: StepProps<WizardData>) {
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

  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} step={3} />

      <div className="mt-6">
        <WizardTextField
          field="businessName"
          problem={nameError}
          id={`${id}-name`}
          label="Business name"
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
          hint={'We add "LLC" to the end if your name doesn\'t already have it.'}
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

      <DbaOffer data={data} update={update} />

      <div className="mt-8">
        <SavingsCalculator
          heading="Estimate your tax savings"
          headingLevel="h2"
          initialIncome={data.annualIncome}
          initialExpenses={data.monthlyExpenses}
          onCalculated={onCalculated}
        />
        <LlcTaxNote page="wizard" />
      </div>

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
