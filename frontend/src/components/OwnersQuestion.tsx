import { useId } from 'react';
import { NOT_ELIGIBLE, OWNERS_QUESTION, type OwnersUsPersons, S_CORPORATION_OWNERS } from '#shared/tax/s-corporation-owners.ts';

/**
 * Form 2553's one question before it is sold (shared/tax/s-corporation-owners.ts): whether every
 * owner may own an S corporation. "No" says plainly why the election is not sold, with its source;
 * the wizard and the checkout refuse the order until it is answered yes or the add-on is off.
 */
export function OwnersQuestion({
  value,
  onChange,
  problem,
  disabled,
}: {
  value: OwnersUsPersons;
  onChange: (value: OwnersUsPersons) => void;
  /** The shared rule's sentence while the order cannot go ahead. */
  problem?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="mt-3 rounded-xl border border-slate-200 bg-white p-3" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Form 2553: who owns the LLC</legend>
      <p className="text-sm text-slate-700">{OWNERS_QUESTION}</p>
      <div className="mt-2 flex flex-wrap gap-4">
        {(['yes', 'no'] as const).map((answer) => (
          <label key={answer} className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name={`${id}-owners`}
              value={answer}
              checked={value === answer}
              disabled={disabled}
              onChange={() => onChange(answer)}
              className="h-4 w-4 accent-indigo-600"
            />
            {answer === 'yes' ? 'Yes, every owner' : 'No, at least one is not'}
          </label>
        ))}
      </div>
      {problem ? (
        <p id={`${id}-problem`} role={value === 'no' ? 'alert' : undefined} className="mt-2 text-sm text-red-700">
          {value === 'no' ? NOT_ELIGIBLE : problem}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-600">
        Source:{' '}
        <a className="underline" href={S_CORPORATION_OWNERS.sourceUrl} rel="noreferrer" target="_blank">
          {S_CORPORATION_OWNERS.citation}
        </a>
        .
      </p>
    </fieldset>
  );
}
