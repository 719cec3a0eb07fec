import { type FormEvent, useId, useState } from 'react';
import { type ElectionView, recordElectionSentSchema } from '#shared/s-corp/election.schema.ts';
import { ELECTION_SENT_HOW, type ElectionSentHow } from '#shared/s-corp/election.ts';
import { Button } from '../../../components/Button.tsx';
import { ApiError, failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useRecordElectionSent } from '../documents-api.ts';

/**
 * The S-corporation election in the application modal (docs/decisions/0422-election-tracked.md):
 * its state (not started, waiting with the day the IRS answer is due, late, overdue, in effect),
 * and the form that records Form 2553 as sent, prefilled with where the worksheet says to send
 * it. The CP261 is uploaded in the documents' upload form with its effective date.
 */

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

const TONE: Record<ElectionView['state'], string> = {
  'not-started': 'text-slate-800',
  waiting: 'text-slate-800',
  late: 'text-amber-800',
  overdue: 'text-red-700',
  'in-effect': 'text-emerald-800',
};

type Fields = { how: ElectionSentHow; sentOn: string; sentTo: string; note: string };
type Errors = Partial<Record<keyof Fields | 'form', string>>;

export function ElectionPanel({ applicationId, election }: { applicationId: string; election: ElectionView }) {
  const ids = useId();
  const record = useRecordElectionSent(applicationId);
  const [fields, setFields] = useState<Fields>({
    how: election.how ?? 'fax',
    sentOn: election.sentOn ?? '',
    sentTo: election.sentTo ?? election.sendTo ?? '',
    note: election.note ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = recordElectionSentSchema.safeParse({ ...fields, ...(fields.note.trim() ? {} : { note: undefined }) });
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) next[String(issue.path[0] ?? 'form') as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await record.mutateAsync(checked.data);
      toast('Election Recorded', `Form 2553 ${checked.data.how === 'fax' ? 'faxed' : 'mailed'} on ${checked.data.sentOn}.`);
    } catch (err) {
      const details = err instanceof ApiError ? (err.body?.details as Record<string, string[]> | undefined) : undefined;
      setErrors(details ? Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0]])) : { form: failureMessage(err) });
    }
  }

  const error = (key: keyof Errors) =>
    errors[key] ? (
      <span id={`${ids}-${key}-error`} className="mt-1 block text-xs text-red-700">
        {errors[key]}
      </span>
    ) : null;
  const described = (key: keyof Errors) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${key}-error` } : {});

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-4 border-t border-slate-200 pt-4">
      <h4 id={`${ids}-title`} className="text-sm font-semibold text-slate-900">
        S-corporation election (Form 2553)
      </h4>
      <p className={`mt-1 text-sm font-medium ${TONE[election.state]}`}>{election.headline}</p>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
        {election.detail.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {election.state === 'in-effect' ? null : (
        <form onSubmit={submit} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Record Form 2553 as sent" noValidate>
          <label className="text-sm text-slate-800">
            Sent by
            <select value={fields.how} onChange={set('how')} className={INPUT}>
              {ELECTION_SENT_HOW.map((h) => (
                <option key={h} value={h}>
                  {h === 'fax' ? 'Fax' : 'Mail'}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm text-slate-800">
            Sent on
            <input type="date" value={fields.sentOn} onChange={set('sentOn')} className={INPUT} {...described('sentOn')} />
            {error('sentOn')}
          </label>
          <label className="text-sm text-slate-800 sm:col-span-2">
            Fax number or address used
            <input value={fields.sentTo} onChange={set('sentTo')} className={INPUT} autoComplete="off" {...described('sentTo')} />
            {error('sentTo')}
          </label>
          <label className="text-sm text-slate-800 sm:col-span-2">
            Note (proof of sending: fax confirmation, mailing receipt)
            <input value={fields.note} onChange={set('note')} className={INPUT} autoComplete="off" {...described('note')} />
            {error('note')}
          </label>
          {errors.form ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {errors.form}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={record.isPending}>
              {record.isPending ? 'Recording…' : election.sentOn ? 'Correct what was sent' : 'Record as sent'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
