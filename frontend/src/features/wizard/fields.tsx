import type { InputHTMLAttributes, ReactNode } from 'react';

export const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

export function TextField({ label, id, hint, ...rest }: { label: string; id: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} className={INPUT} aria-describedby={hint ? `${id}-hint` : undefined} {...rest} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A toggle chip for multi-select lists (a checkbox underneath, so it is keyboard and screen-reader friendly). */
export function ChoiceChip({ label, checked, onChange, name }: { label: string; checked: boolean; onChange: (checked: boolean) => void; name: string }) {
  return (
    <label
      className={`flex cursor-pointer items-center justify-center rounded-xl border px-3 py-2.5 text-sm font-medium transition-colors focus-within:ring-2 focus-within:ring-indigo-500 ${
        checked ? 'border-indigo-600 bg-indigo-50 text-indigo-800' : 'border-slate-300 bg-white text-slate-700 hover:border-indigo-300'
      }`}
    >
      <input type="checkbox" name={name} className="sr-only" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {checked && (
        <svg viewBox="0 0 20 20" className="mr-1.5 h-4 w-4" fill="currentColor" aria-hidden="true">
          <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
        </svg>
      )}
      {label}
    </label>
  );
}

/** Back / Next row shared by the steps. */
export function StepActions({
  onBack,
  backLabel = 'Back',
  next,
  nextLabel,
  nextDisabled,
  onNext,
  busy,
  busyLabel = 'Please wait…',
}: {
  onBack?: () => void;
  backLabel?: string;
  next?: boolean;
  nextLabel: string;
  nextDisabled: boolean;
  onNext: () => void;
  busy?: boolean;
  busyLabel?: string;
}) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          className="rounded-xl border border-slate-300 bg-white px-5 py-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {backLabel}
        </button>
      ) : (
        <span />
      )}
      {next !== false && (
        <button
          type="button"
          onClick={onNext}
          disabled={nextDisabled || busy}
          className="rounded-xl bg-indigo-600 px-6 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-indigo-300"
        >
          {busy ? busyLabel : nextLabel}
        </button>
      )}
    </div>
  );
}

export interface StepProps<D> {
  data: D;
  update: (patch: Partial<D>) => void;
  onNext: () => void;
  onBack: () => void;
}
