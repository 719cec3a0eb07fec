import { type InputHTMLAttributes, type ReactNode, useContext, useState } from 'react';
import type { WizardField } from '#shared/wizard/data.schema.ts';
import { formatProblems, normalisedValue } from '#shared/wizard/steps.ts';
import { afterPointerRelease } from '../../lib/after-pointer-release.ts';
import { ServerBlocksStep, useServerFieldError } from './field-errors.ts';

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

const INPUT_INVALID = INPUT.replace('border-slate-300', 'border-red-600').replace('focus:border-indigo-500', 'focus:border-red-600');

/**
 * A wizard text field with its own sentence beside it (docs/product.md section 5): the shared
 * schema's sentence as soon as the typed value breaks it, what the step still needs (`problem`,
 * from fieldProblems) once the visitor leaves the field, and the server's sentence about it until
 * the field changes. An untouched empty field says nothing. On blur the value becomes what the
 * server stores (trimmed; a phone normalised), or what `normalise` makes of it.
 */
export function WizardTextField({
  field,
  problem,
  label,
  id,
  hint,
  value,
  onValue,
  normalise,
  ...rest
}: {
  field: WizardField;
  problem?: string;
  label: string;
  id: string;
  hint?: ReactNode;
  value: string;
  onValue: (value: string) => void;
  normalise?: (value: string) => string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) {
  const server = useServerFieldError(field);
  // A value restored from an earlier visit counts as typed: its sentence shows at once.
  const [changed, setChanged] = useState(() => value.trim() !== '');
  const [left, setLeft] = useState(() => value.trim() !== '');
  const shown = server ?? (left ? problem : changed ? formatProblems(field, value)[0] : undefined);
  const describedBy = [hint ? `${id}-hint` : '', shown ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...rest}
        id={id}
        className={shown ? INPUT_INVALID : INPUT}
        value={value}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          setChanged(true);
          onValue(e.target.value);
        }}
        onBlur={(e) => {
          // Once the pointer that moved the focus is released: the sentence never moves a control under it.
          afterPointerRelease(() => setLeft(true));
          const next = normalise ? normalise(e.target.value) : normalisedValue(field, e.target.value);
          if (typeof next === 'string' && next !== e.target.value) onValue(next);
          rest.onBlur?.(e);
        }}
      />
      {shown ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {shown}
        </p>
      ) : null}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A choice chip's box: the step and its frame lay them out alike. */
export const CHIP = 'flex items-center justify-center rounded-xl border px-3 py-2.5 text-sm font-medium';

/** A toggle chip for multi-select lists (a checkbox underneath, so it is keyboard and screen-reader friendly). */
export function ChoiceChip({ label, checked, onChange, name }: { label: string; checked: boolean; onChange: (checked: boolean) => void; name: string }) {
  return (
    <label
      className={`${CHIP} cursor-pointer transition-colors focus-within:ring-2 focus-within:ring-indigo-500 ${
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
  const blocked = useContext(ServerBlocksStep);
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
          disabled={nextDisabled || busy || blocked}
          className="rounded-xl bg-indigo-600 px-6 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-indigo-300"
        >
          {busy ? busyLabel : nextLabel}
        </button>
      )}
    </div>
  );
}

/** A grey bar in place of what the app fills in (a step's frame, docs/decisions/0195). */
export function Placeholder({ className }: { className: string }) {
  return <span className={`block animate-pulse rounded-md bg-slate-200 ${className}`} />;
}

/** A step's frame: its skeleton, announced as the form loading. */
export function StepSkeleton({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-label="Loading the form" aria-busy="true">
      {children}
    </div>
  );
}

/** What a new visitor still has to do on a step, in grey: the line takes its height in the frame. */
export function ToDoPlaceholder({ problems }: { problems: readonly string[] }) {
  return (
    <p aria-hidden="true" className="mt-6 animate-pulse rounded-md bg-slate-100 text-sm text-transparent">
      To continue: {problems.join(' · ')}
    </p>
  );
}

export interface StepProps<D> {
  data: D;
  update: (patch: Partial<D>) => void;
  onNext: () => void;
  onBack: () => void;
}
