import { type FormEvent, useId, useState } from 'react';
import { formatUsd } from '#shared/money.ts';
import { confirmHomeStateFeeSchema, type HomeRegistrationView } from '#shared/orders/home-registration.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { ApiError, failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useConfirmHomeStateFee } from '../documents-api.ts';

/**
 * The home-state registration in the application modal (docs/decisions/0429), for an LLC formed
 * outside the owner's home state: the home state's fee in our data (a draft figure) and the form
 * that confirms or corrects it, so the customer can pay it; the good-standing sentence and the
 * filing steps. The certificate of authority is uploaded in the documents' upload form.
 */

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

type Errors = Partial<Record<'usd' | 'note' | 'form', string>>;

export function HomeRegistrationPanel({ applicationId, registration: r }: { applicationId: string; registration: HomeRegistrationView }) {
  const ids = useId();
  const confirm = useConfirmHomeStateFee(applicationId);
  const [usd, setUsd] = useState(String(r.confirmed?.usd ?? r.dataFeeUsd ?? ''));
  const [note, setNote] = useState(r.confirmed?.note ?? '');
  const [errors, setErrors] = useState<Errors>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = confirmHomeStateFeeSchema.safeParse({ usd: usd.trim() === '' ? undefined : Number(usd), ...(note.trim() ? { note } : {}) });
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) next[String(issue.path[0] ?? 'form') as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await confirm.mutateAsync(checked.data);
      toast('Fee Confirmed', `${r.homeName}: ${formatUsd(checked.data.usd)}. The customer can pay the registration now.`);
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
  const dataFee =
    r.dataFeeUsd !== null
      ? `Our data: ${formatUsd(r.dataFeeUsd)}, a draft figure${r.source ? ` (${r.source.name}, checked ${r.source.verifiedAt})` : ''}.`
      : `Our data has no fee for ${r.homeName}.`;

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-4 border-t border-slate-200 pt-4">
      <h4 id={`${ids}-title`} className="text-sm font-semibold text-slate-900">
        Home-state registration ({r.homeName})
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        {r.bought === 'paid'
          ? `Bought: register the ${r.formationName} LLC in ${r.homeName}.`
          : r.bought === 'pending'
            ? 'The customer is paying for it.'
            : `Not bought. The customer can pay for it once ${r.homeName}'s fee is confirmed here.`}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {dataFee}{' '}
        {r.source ? (
          <a href={r.source.url} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline">
            Source
          </a>
        ) : null}
      </p>
      {r.confirmed ? (
        <p className="mt-1 text-sm font-medium text-emerald-800">
          Confirmed: {formatUsd(r.confirmed.usd)} by {r.confirmed.confirmedBy}
          {r.confirmed.note ? ` (${r.confirmed.note})` : ''}
        </p>
      ) : null}
      <ol className="mt-2 list-decimal pl-5 text-sm text-slate-700" aria-label="Steps">
        {r.steps.map((step) => (
          <li key={step} className="break-words">
            {step}
          </li>
        ))}
      </ol>
      {r.bought === 'no' ? (
        <form onSubmit={submit} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={`Confirm ${r.homeName}'s fee`} noValidate>
          <label className="text-sm text-slate-800">
            {r.homeName}'s fee (US dollars)
            <input inputMode="decimal" value={usd} onChange={(e) => setUsd(e.target.value)} className={INPUT} autoComplete="off" {...described('usd')} />
            {error('usd')}
          </label>
          <label className="text-sm text-slate-800">
            Where you checked it
            <input value={note} onChange={(e) => setNote(e.target.value)} className={INPUT} autoComplete="off" {...described('note')} />
            {error('note')}
          </label>
          {errors.form ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {errors.form}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirming…' : r.confirmed ? 'Correct the fee' : 'Confirm the fee'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
