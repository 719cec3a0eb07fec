import { useState } from 'react';
import type { DetailsDraft } from './draft.ts';
import { fieldId, useFieldState } from './field-state.ts';
import { FieldError, INPUT, INPUT_INVALID, LABEL, LEGEND, RadioGroup, SameAsOrganizer, SelectField, TextField } from './fields.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1), label }));

type EinDraft = DetailsDraft['ein'];

/**
 * The SSN or ITIN, typed into a password-style input the customer may reveal. The number lives
 * only in the form's memory: it is never written to browser storage, and the server keeps it
 * sealed, showing it back only as its last four digits.
 */
function TaxIdField({ value, onValue, last4 }: { value: string; onValue: (v: string) => void; last4?: string }) {
  const fields = useFieldState();
  const path = 'ein.responsibleParty.taxId';
  fields.claim(path);
  const id = fieldId(path);
  const error = fields.error(path);
  const [shown, setShown] = useState(false);
  const hint = last4
    ? `We have the number ending in ${last4} on file: leave this blank to keep it.`
    : 'Nine digits. We encrypt it before storing it and delete it once the IRS has issued your EIN.';
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        SSN or ITIN
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={path}
          type={shown ? 'text' : 'password'}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          placeholder={last4 ? `•••-••-${last4}` : '123-45-6789'}
          value={value}
          className={error ? INPUT_INVALID : INPUT}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => {
            onValue(e.target.value);
            fields.changed(path);
          }}
          onBlur={() => fields.blur(path)}
        />
        <button
          type="button"
          className="mt-1 shrink-0 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          aria-controls={id}
          aria-label={shown ? 'Hide the number' : 'Show the number'}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** What the EIN application (IRS Form SS-4) asks that the order does not hold yet: for orders with the EIN add-on. */
export function EinFields({
  value,
  onValue,
  last4,
  organizerName,
}: {
  value: EinDraft;
  onValue: (v: EinDraft) => void;
  last4?: string;
  organizerName: string;
}) {
  const fields = useFieldState();
  fields.claim('ein');
  const set =
    <K extends keyof EinDraft>(k: K) =>
    (v: EinDraft[K]) =>
      onValue({ ...value, [k]: v });
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className={LEGEND}>For your EIN application</legend>
      <p className="text-sm text-slate-600">
        The IRS asks who controls the business (the "responsible party") and what it does. We use these answers only for your EIN application.
      </p>
      <FieldError id={`${fieldId('ein')}-error`}>{fields.error('ein')}</FieldError>
      <SameAsOrganizer
        path="ein.responsibleParty.name"
        organizerName={organizerName}
        label="The responsible party is the organizer"
        checked={value.sameAsOrganizer}
        onChecked={set('sameAsOrganizer')}
      >
        <TextField path="ein.responsibleParty.name" label="Responsible party's full name" value={value.name} onValue={set('name')} autoComplete="name" />
      </SameAsOrganizer>
      <RadioGroup
        path="ein.responsibleParty.taxIdType"
        legend="Their tax id is"
        value={value.taxIdType}
        onValue={set('taxIdType')}
        options={[
          { value: 'ssn', label: 'a Social Security number (SSN)' },
          { value: 'itin', label: 'an Individual Taxpayer Identification Number (ITIN)' },
        ]}
      />
      <TaxIdField value={value.taxId} onValue={set('taxId')} last4={last4} />
      <TextField
        path="ein.businessActivity"
        label="What the business does"
        hint="For example: video content and brand partnerships on YouTube and Instagram."
        value={value.businessActivity}
        onValue={set('businessActivity')}
        maxLength={200}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField path="ein.startDate" label="Business start date" type="date" value={value.startDate} onValue={set('startDate')} />
        <SelectField
          path="ein.fiscalYearEndMonth"
          label="Fiscal year ends in"
          hint="Most creators use December (the calendar year)."
          value={value.fiscalYearEndMonth}
          onValue={set('fiscalYearEndMonth')}
          options={MONTH_OPTIONS}
        />
      </div>
      <TextField
        path="ein.employeesExpected"
        label="Employees you expect to hire in the next 12 months"
        hint="0 if none: the IRS asks, and you as the owner do not count."
        type="number"
        value={value.employeesExpected}
        onValue={set('employeesExpected')}
      />
      <RadioGroup
        path="ein.appliedBefore"
        legend="Has this LLC applied for an EIN before?"
        value={value.appliedBefore}
        onValue={set('appliedBefore')}
        options={[
          { value: 'no', label: 'No, this is its first EIN application' },
          { value: 'yes', label: 'Yes, it has applied before' },
        ]}
      />
      {value.appliedBefore === 'yes' ? (
        <TextField path="ein.priorEin" label="The earlier EIN" hint="As on the IRS letter, like 12-3456789." value={value.priorEin} onValue={set('priorEin')} />
      ) : null}
    </fieldset>
  );
}
