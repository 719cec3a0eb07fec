import type { InputHTMLAttributes, ReactNode } from 'react';
import { STATE_RECORDS } from '#shared/states.ts';
import type { AddressDraft } from './draft.ts';
import { fieldId, useFieldState } from './field-state.ts';

export const INPUT =
  'mt-1 block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';
export const INPUT_INVALID = INPUT.replace('border-slate-300', 'border-red-600').replace('focus:border-indigo-500', 'focus:border-red-600');
export const LABEL = 'block text-sm font-medium text-slate-800';
export const LEGEND = 'text-base font-semibold text-slate-900';

/** The sentence under a field. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {children}
    </p>
  );
}

const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** A labelled text input bound to one path of the form, with its sentence beside it. */
export function TextField({
  path,
  label,
  value,
  onValue,
  hint,
  className = '',
  invalidBy,
  ...rest
}: {
  path: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  className?: string;
  /** The id of a sentence elsewhere that makes this field invalid too (the members' total). */
  invalidBy?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'className' | 'aria-describedby' | 'aria-invalid'>) {
  const fields = useFieldState();
  fields.claim(path);
  const id = fieldId(path);
  const error = fields.error(path);
  const invalid = Boolean(error || invalidBy);
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        name={path}
        value={value}
        className={invalid ? INPUT_INVALID : INPUT}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined, !error && invalidBy)}
        onChange={(e) => {
          onValue(e.target.value);
          fields.changed(path);
        }}
        onBlur={(e) => {
          fields.blur(path);
          rest.onBlur?.(e);
        }}
      />
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function TextAreaField({
  path,
  label,
  value,
  onValue,
  hint,
  rows = 3,
  maxLength,
}: {
  path: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  const fields = useFieldState();
  fields.claim(path);
  const id = fieldId(path);
  const error = fields.error(path);
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <textarea
        id={id}
        name={path}
        rows={rows}
        maxLength={maxLength}
        value={value}
        className={error ? INPUT_INVALID : INPUT}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined)}
        onChange={(e) => {
          onValue(e.target.value);
          fields.changed(path);
        }}
        onBlur={() => fields.blur(path)}
      />
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function SelectField({
  path,
  label,
  value,
  onValue,
  options,
  hint,
  className = '',
  autoComplete,
}: {
  path: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
  autoComplete?: string;
}) {
  const fields = useFieldState();
  fields.claim(path);
  const id = fieldId(path);
  const error = fields.error(path);
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select
        id={id}
        name={path}
        value={value}
        autoComplete={autoComplete}
        className={`${error ? INPUT_INVALID : INPUT} min-h-[2.875rem]`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined)}
        onChange={(e) => {
          onValue(e.target.value);
          fields.changed(path);
        }}
        onBlur={() => fields.blur(path)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A tick box bound to a path (consents); `claims` are further paths whose sentences it shows. */
export function CheckboxField({
  path,
  label,
  checked,
  onChecked,
  claims = [],
  hint,
}: {
  path: string;
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  claims?: string[];
  hint?: ReactNode;
}) {
  const fields = useFieldState();
  fields.claim(path);
  for (const c of claims) fields.claim(c);
  const id = fieldId(path);
  const error = fields.error(path);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={path}
          type="checkbox"
          checked={checked}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-indigo-600 focus:ring-2 focus:ring-indigo-500"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined)}
          onChange={(e) => {
            onChecked(e.target.checked);
            fields.changed(path);
          }}
          onBlur={() => fields.blur(path)}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A group of radio buttons with a legend; the sentence of `path` (and of `alsoPaths`) under it. */
export function RadioGroup<V extends string>({
  path,
  alsoPaths = [],
  legend,
  value,
  onValue,
  options,
  hint,
}: {
  path: string;
  alsoPaths?: string[];
  legend: ReactNode;
  value: V | '';
  onValue: (value: V) => void;
  options: readonly { value: V; label: ReactNode }[];
  hint?: ReactNode;
}) {
  const fields = useFieldState();
  fields.claim(path);
  for (const p of alsoPaths) fields.claim(p);
  const id = fieldId(path);
  const error = fields.error(path) ?? alsoPaths.map((p) => fields.error(p)).find(Boolean);
  return (
    <fieldset aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined)}>
      <legend className={LABEL}>{legend}</legend>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <div className="mt-2 space-y-2">
        {options.map((o, i) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 text-sm text-slate-800 ${
              value === o.value ? 'border-indigo-600 bg-indigo-50' : error ? 'border-red-600' : 'border-slate-300 bg-white'
            }`}
          >
            <input
              type="radio"
              id={i === 0 ? id : undefined}
              name={path}
              value={o.value}
              checked={value === o.value}
              className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600 focus:ring-2 focus:ring-indigo-500"
              aria-invalid={error ? true : undefined}
              onChange={() => {
                onValue(o.value);
                fields.changed(path);
              }}
              onBlur={() => fields.blur(path)}
            />
            <span className="min-w-0">{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

const STATE_OPTIONS = [{ value: '', label: 'Choose a state' }, ...STATE_RECORDS.map((s) => ({ value: s.code, label: s.name }))];

/**
 * An address's fields under a legend. `physical` says why a PO box is refused (the schema
 * refuses it); `sameAs` offers to use another address instead of typing this one.
 */
export function AddressFields({
  path,
  legend,
  value,
  onValue,
  hint,
  sameAs,
}: {
  path: string;
  legend: ReactNode;
  value: AddressDraft;
  onValue: (value: AddressDraft) => void;
  hint?: ReactNode;
  sameAs?: { label: string; checked: boolean; onChecked: (checked: boolean) => void };
}) {
  const fields = useFieldState();
  const set = (k: keyof AddressDraft) => (v: string) => onValue({ ...value, [k]: v });
  if (sameAs?.checked) fields.claim(path);
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {sameAs ? (
        <div className="flex items-start gap-3">
          <input
            id={`${fieldId(path)}-same`}
            type="checkbox"
            checked={sameAs.checked}
            onChange={(e) => {
              sameAs.onChecked(e.target.checked);
              fields.changed(path);
            }}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-indigo-600 focus:ring-2 focus:ring-indigo-500"
          />
          <label htmlFor={`${fieldId(path)}-same`} className="text-sm text-slate-800">
            {sameAs.label}
          </label>
        </div>
      ) : null}
      {sameAs?.checked ? null : (
        <>
          {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
          <TextField path={`${path}.line1`} label="Street address" value={value.line1} onValue={set('line1')} autoComplete="address-line1" />
          <TextField
            path={`${path}.line2`}
            label="Apartment, suite or unit (optional)"
            value={value.line2}
            onValue={set('line2')}
            autoComplete="address-line2"
          />
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,11rem)_8rem]">
            <TextField path={`${path}.city`} label="City" value={value.city} onValue={set('city')} autoComplete="address-level2" />
            <SelectField
              path={`${path}.state`}
              label="State"
              value={value.state}
              onValue={set('state')}
              options={STATE_OPTIONS}
              autoComplete="address-level1"
            />
            <TextField
              path={`${path}.zip`}
              label="ZIP code"
              value={value.zip}
              onValue={set('zip')}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={10}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}

/**
 * "Same as the organizer": a person the form already knows (the organizer, usually the creator)
 * is not typed again. Ticked, the name field at `path` is the organizer's name and is not shown
 * (its sentences are the organizer's, shown there); unticked, `children` asks for the name.
 */
export function SameAsOrganizer({
  path,
  organizerName,
  label = 'Same as the organizer',
  checked,
  onChecked,
  children,
}: {
  path: string;
  organizerName: string;
  label?: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  children: ReactNode;
}) {
  const fields = useFieldState();
  if (checked) fields.claim(path);
  const id = `${fieldId(path)}-same-organizer`;
  const name = organizerName.trim();
  // A sentence only this person's name gets (the server's): shown here while the name field is not.
  const error = checked ? fields.error(path) : undefined;
  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => {
            onChecked(e.target.checked);
            fields.changed(path);
          }}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-indigo-600 focus:ring-2 focus:ring-indigo-500"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
          {name ? ` (${name})` : ''}
        </label>
      </div>
      {checked ? <FieldError id={`${fieldId(path)}-error`}>{error}</FieldError> : children}
    </div>
  );
}
