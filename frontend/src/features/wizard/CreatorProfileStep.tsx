import { useId } from 'react';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import { CONTENT_TYPE_LABELS, CONTENT_TYPES, PLATFORM_LABELS, PLATFORMS } from '#shared/wizard/options.ts';
import { stepProblems } from '#shared/wizard/steps.ts';
import { useServerFieldError } from './field-errors.ts';
import { CHIP, ChoiceChip, StepActions, type StepProps, StepSkeleton, ToDoPlaceholder } from './fields.tsx';
import { StepHeading } from './StepHeading.tsx';

function toggle<T extends string>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  const next = new Set(list);
  if (on) next.add(value);
  else next.delete(value);
  return order.filter((v) => next.has(v));
}

const CONTENT_QUESTION = 'What type of content do you create?';
const PLATFORMS_QUESTION = 'Which platforms do you use?';
const ALL_THAT_APPLY = 'Choose all that apply.';

/** Step 2: what the visitor creates and where; `frame`: its skeleton, until WizardPage has read this browser's answers. */
export function CreatorProfileStep({ data, update, onNext, onBack, frame = false }: StepProps<WizardData> & { frame?: boolean }) {
  const id = useId();
  const problems = stepProblems(2, data);
  const contentTypesError = useServerFieldError('contentTypes');
  const platformsError = useServerFieldError('platforms');
  if (frame)
    return (
      <section aria-labelledby={`${id}-title`}>
        <StepHeading id={`${id}-title`} step={2} />
        <CreatorProfileSkeleton />
      </section>
    );
  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} step={2} />

      <fieldset className="mt-6" aria-describedby={contentTypesError ? `${id}-content-error` : undefined}>
        <legend className="text-base font-semibold text-slate-900">{CONTENT_QUESTION}</legend>
        <p className="text-sm text-slate-600">{ALL_THAT_APPLY}</p>
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
        <legend className="text-base font-semibold text-slate-900">{PLATFORMS_QUESTION}</legend>
        <p className="text-sm text-slate-600">{ALL_THAT_APPLY}</p>
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

/**
 * Step 2 before the app has rendered its choices (site/pages.ts, docs/decisions/0195): the
 * questions and every option, which are the same for everyone, with none of them chosen and in
 * grey, at the step's size, so the choices take its place without moving anything.
 */
function CreatorProfileSkeleton() {
  const questions = [
    { question: CONTENT_QUESTION, options: CONTENT_TYPES.map((c) => CONTENT_TYPE_LABELS[c]), first: true },
    { question: PLATFORMS_QUESTION, options: PLATFORMS.map((p) => PLATFORM_LABELS[p]), first: false },
  ];
  return (
    <StepSkeleton>
      {questions.map(({ question, options, first }) => (
        <div key={question} className={first ? 'mt-6' : 'mt-8'}>
          <p className="text-base font-semibold text-slate-900">{question}</p>
          <p className="text-sm text-slate-600">{ALL_THAT_APPLY}</p>
          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {options.map((label) => (
              <div key={label} className={`${CHIP} border-slate-200 bg-white text-slate-400`}>
                {label}
              </div>
            ))}
          </div>
        </div>
      ))}
      <ToDoPlaceholder problems={stepProblems(2, initialWizardData(''))} />
      <StepActions onBack={() => undefined} nextLabel="Next" nextDisabled onNext={() => undefined} />
    </StepSkeleton>
  );
}
