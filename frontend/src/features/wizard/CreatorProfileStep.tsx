import { useId } from 'react';
import type { WizardData } from '#shared/wizard/data.schema.ts';
import { CONTENT_TYPE_LABELS, CONTENT_TYPES, PLATFORM_LABELS, PLATFORMS } from '#shared/wizard/options.ts';
import { stepProblems } from '#shared/wizard/steps.ts';
import { useServerFieldError } from './field-errors.ts';
import { ChoiceChip, StepActions, type StepProps } from './fields.tsx';
import { StepHeading } from './StepHeading.tsx';

function toggle<T extends string>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  const next = new Set(list);
  if (on) next.add(value);
  else next.delete(value);
  return order.filter((v) => next.has(v));
}

/** Step 2: what the visitor creates and where. */
export function CreatorProfileStep({ data, update, onNext, onBack }: StepProps<WizardData>) {
  const id = useId();
  const problems = stepProblems(2, data);
  const contentTypesError = useServerFieldError('contentTypes');
  const platformsError = useServerFieldError('platforms');
  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} step={2} />

      <fieldset className="mt-6" aria-describedby={contentTypesError ? `${id}-content-error` : undefined}>
        <legend className="text-base font-semibold text-slate-900">What type of content do you create?</legend>
        <p className="text-sm text-slate-600">Choose all that apply.</p>
        {contentTypesError && (
          <p id={`${id}-content-error`} className="mt-1 text-sm text-red-700">
            {contentTypesError}
          </p>
        )}
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {CONTENT_TYPES.map((c) => (
            <ChoiceChip
              key={c}
              name="contentTypes"
              label={CONTENT_TYPE_LABELS[c]}
              checked={data.contentTypes.includes(c)}
              onChange={(on) => update({ contentTypes: toggle(data.contentTypes, c, on, CONTENT_TYPES) })}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="mt-8" aria-describedby={platformsError ? `${id}-platforms-error` : undefined}>
        <legend className="text-base font-semibold text-slate-900">Which platforms do you use?</legend>
        <p className="text-sm text-slate-600">Choose all that apply.</p>
        {platformsError && (
          <p id={`${id}-platforms-error`} className="mt-1 text-sm text-red-700">
            {platformsError}
          </p>
        )}
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PLATFORMS.map((p) => (
            <ChoiceChip
              key={p}
              name="platforms"
              label={PLATFORM_LABELS[p]}
              checked={data.platforms.includes(p)}
              onChange={(on) => update({ platforms: toggle(data.platforms, p, on, PLATFORMS) })}
            />
          ))}
        </div>
      </fieldset>

      {problems.length > 0 && <p className="mt-6 text-sm text-slate-600">To continue: {problems.join(' · ')}</p>}
      <StepActions onBack={onBack} nextLabel="Next" nextDisabled={problems.length > 0} onNext={onNext} />
    </section>
  );
}
