import { type FormEvent, useId, useState } from 'react';
import { dollarsToCents, formatExactCents } from '#shared/money.ts';
import { FORMS_1099, type Form1099 } from '#shared/payers/form-1099-check.ts';
import { type OrderPayers, payer1099Schema } from '#shared/payers/payers.schema.ts';
import { writtenDate } from '#shared/written-date.ts';
import { Button } from '../../components/Button.tsx';
import { failureMessage } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';

/**
 * The January 1099 check on the order page (docs/decisions/0430-january-1099-check.md), shown
 * January to April: a row per payer that should send a Form 1099 for last year, where the creator
 * records each form that arrived and its amount. The server flags an amount that differs from
 * what the payer paid (the income map, or the figure entered), a form still missing once January
 * is over, and two forms of one kind.
 */

type Check = NonNullable<OrderPayers['check1099']>;
type Row = Check['rows'][number];

const INPUT = 'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm';
const PAID_FROM: Record<Row['paidFrom'], string> = { entered: 'as you entered it', 'income-map': 'from your income map', none: '' };

function RowForm({ orderId, year, row, onSaved }: { orderId: string; year: number; row: Row; onSaved: (data: OrderPayers) => void }) {
  const ids = useId();
  const [form, setForm] = useState<Form1099>(row.expectedForms[0] ?? '1099-NEC');
  const [amount, setAmount] = useState('');
  const [paid, setPaid] = useState(row.paidFrom === 'entered' && row.paidCents !== undefined ? String(row.paidCents / 100) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(received: { form: Form1099; amountCents: number }[]) {
    const body = {
      year,
      ...(paid.trim() ? { paidCents: dollarsToCents(Number(paid)) } : {}),
      expectedForms: row.expectedForms,
      received,
    };
    const checked = payer1099Schema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the amounts');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSaved(await apiCall('PUT /api/orders/{id}/payers/{payerId}/forms-1099', { params: { id: orderId, payerId: row.payerId }, body: checked.data }));
      setAmount('');
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const kept = row.received.map((r) => ({ form: r.form, amountCents: r.amountCents }));

  function record(e: FormEvent) {
    e.preventDefault();
    if (amount.trim() && !(Number(amount) >= 0)) return setError('Enter the form’s amount in dollars');
    void send(amount.trim() ? [...kept, { form, amountCents: dollarsToCents(Number(amount)) }] : kept);
  }

  return (
    <form className="mt-2 grid gap-2 sm:grid-cols-4 sm:items-end" onSubmit={record} noValidate>
      <label className="text-sm text-slate-700" htmlFor={`${ids}-form`}>
        Form
        <select id={`${ids}-form`} className={INPUT} value={form} onChange={(e) => setForm(e.target.value as Form1099)}>
          {FORMS_1099.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-slate-700" htmlFor={`${ids}-amount`}>
        Amount on the form ($)
        <input id={`${ids}-amount`} className={INPUT} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <label className="text-sm text-slate-700" htmlFor={`${ids}-paid`}>
        What they paid you in {year} ($)
        <input id={`${ids}-paid`} className={INPUT} inputMode="decimal" value={paid} onChange={(e) => setPaid(e.target.value)} />
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Record'}
      </Button>
      {row.received.length ? (
        <ul className="text-sm text-slate-700 sm:col-span-4">
          {row.received.map((r, i) => (
            <li key={`${r.form}-${r.amountCents}-${r.recordedOn}`} className="flex items-center gap-2">
              Form {r.form}: {formatExactCents(r.amountCents)}, recorded on {writtenDate(r.recordedOn)}
              <Button variant="ghost" disabled={busy} onClick={() => void send(kept.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function Form1099Check({ orderId, check, onSaved }: { orderId: string; check: Check; onSaved: (data: OrderPayers) => void }) {
  if (!check.open) return null;
  return (
    <section className="rounded-2xl border border-indigo-200 bg-indigo-50/40 p-4" aria-label={`Your ${check.year} 1099s`} data-testid="form-1099-check">
      <h3 className="text-sm font-semibold text-slate-900">Your {check.year} 1099s: record what arrived</h3>
      {check.rows.length ? (
        <ul className="mt-2 divide-y divide-slate-200">
          {check.rows.map((row) => (
            <li key={row.payerId} className="py-3 text-sm">
              <p className="font-medium text-slate-900">
                {row.name}: Form {row.expectedForms.join(' and Form ')} expected
                {row.status === 'ok' ? <span className="ml-2 rounded bg-emerald-100 px-1.5 text-xs text-emerald-900">Matches</span> : null}
                {row.status === 'flagged' ? <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">Check this</span> : null}
              </p>
              <p className="text-slate-700">
                {row.paidCents !== undefined
                  ? `Paid you ${formatExactCents(row.paidCents)} in ${check.year}, ${PAID_FROM[row.paidFrom]}.`
                  : `Enter what they paid you in ${check.year}: your income map cannot tell this payer apart from another of its kind.`}
              </p>
              {row.flags.map((f) => (
                <p key={`${f.kind}-${f.form ?? ''}`} className="text-amber-900">
                  {f.words}
                </p>
              ))}
              <RowForm orderId={orderId} year={check.year} row={row} onSaved={onSaved} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No payer on your list paid you enough in {check.year} to send a 1099.</p>
      )}
      <ul className="mt-2 list-disc pl-5 text-xs text-slate-600">
        {check.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}
