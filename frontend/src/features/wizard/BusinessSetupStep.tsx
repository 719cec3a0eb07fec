import { useId, useState } from 'react';
import { normaliseBusinessName } from '#shared/wizard/business-name.ts';
import type { WizardData } from '#shared/wizard/schema.ts';
import { stepProblems } from '#shared/wizard/steps.ts';
import { type SavingsCalculation, SavingsCalculator } from '../../components/SavingsCalculator.tsx';
import { StepActions, type StepProps, TextField } from './fields.tsx';
import { type AvailabilityNote, NameIdeas } from './NameIdeas.tsx';
import { StepHeading } from './StepHeading.tsx';

const NOTE_STYLE: Record<AvailabilityNote['tone'], string> = {
  ok: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  warn: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-slate-300 bg-slate-50 text-slate-800',
};

/** Step 3: business name (with the ideas helper) and the tax-savings estimate. */
export function BusinessSetupStep({ data, update, onNext, onBack }: StepProps<WizardData>) {
  const id = useId();
  const [ideasOpen, setIdeasOpen] = useState(false);
  const [note, setNote] = useState<AvailabilityNote | null>(null);
  const problems = stepProblems(3, data);

  const onCalculated = (c: SavingsCalculation) => {
    const same =
      c.income === data.annualIncome &&
      c.estimatedSavings === data.estimatedSavings &&
      Object.entries(c.expenses).every(([k, v]) => data.monthlyExpenses[k as keyof typeof data.monthlyExpenses] === v);
    if (!same) update({ annualIncome: c.income, monthlyExpenses: c.expenses, estimatedSavings: c.estimatedSavings });
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} step={3} />

      <div className="mt-6">
        <TextField
          id={`${id}-name`}
          label="Business name"
          placeholder="e.g. Sunny Bites LLC"
          autoComplete="organization"
          value={data.businessName}
          onChange={(e) => {
            setNote(null);
            update({ businessName: e.target.value });
          }}
          onBlur={(e) => {
            const normalised = normaliseBusinessName(e.target.value);
            if (normalised !== data.businessName) update({ businessName: normalised });
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
            onSelect={(name, n) => {
              setNote(n);
              if (n.tone !== 'warn') update({ businessName: name });
            }}
          />
        )}
      </div>

      <div className="mt-8">
        <SavingsCalculator
          heading="Estimate your tax savings"
          initialIncome={data.annualIncome}
          initialExpenses={data.monthlyExpenses}
          onCalculated={onCalculated}
        />
      </div>

      {problems.length > 0 && <p className="mt-6 text-sm text-slate-600">To continue: {problems.join(' · ')}</p>}
      <StepActions onBack={onBack} nextLabel="Review Application" nextDisabled={problems.length > 0} onNext={onNext} />
    </section>
  );
}
