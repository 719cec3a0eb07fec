import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type OrderPayers, type PayerBody, type PayerView, payerBodySchema } from '#shared/payers/payers.schema.ts';
import { PAYER_FORM_LABELS, PAYER_FORMS, PAYER_HOW, PAYER_HOW_LABELS, PAYER_KIND_LABELS, PAYER_KINDS, W8_NOT_HANDLED } from '#shared/payers/payers.ts';
import { writtenDate } from '#shared/written-date.ts';
import { Button } from '../../components/Button.tsx';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { Form1099Check } from './Form1099Check.tsx';

/**
 * The order page's payers and the W-9 switch (docs/decisions/0426-w9-switch.md): the platforms
 * and brands that pay the LLC, the values to write on Form W-9 for its tax status today (and
 * their PDF, our sheet and not the IRS form), and once the S election is in effect the checklist
 * of payers to give the new W-9. Every field is checked by the routes' own schema before it is
 * sent; the server's 400 shows beside the field it names.
 */

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

type Fields = { name: string; kind: string; form: string; how: string; givenOn: string; note: string };
type Errors = Partial<Record<keyof Fields | 'form_error', string>>;

const EMPTY: Fields = { name: '', kind: 'platform', form: 'w9', how: 'email', givenOn: '', note: '' };
const fieldsOf = (p: PayerView): Fields => ({ name: p.name, kind: p.kind, form: p.form, how: p.how, givenOn: p.givenOn ?? '', note: p.note ?? '' });
const bodyOf = (f: Fields) => ({
  name: f.name,
  kind: f.kind,
  form: f.form,
  how: f.how,
  ...(f.givenOn.trim() ? { givenOn: f.givenOn.trim() } : {}),
  ...(f.note.trim() ? { note: f.note } : {}),
});
const payersKey = (id: string) => ['order-payers', id] as const;

function startDownload(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** The add or change form of one payer. */
function PayerForm({ initial, onSave, onCancel }: { initial: Fields; onSave: (body: PayerBody) => Promise<void>; onCancel?: () => void }) {
  const ids = useId();
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = payerBodySchema.safeParse(bodyOf(fields));
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) next[String(issue.path[0] ?? 'form_error') as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(checked.data);
      if (!onCancel) setFields(EMPTY);
    } catch (err) {
      const details = err instanceof ApiError ? (err.body?.details as Record<string, string[]> | undefined) : undefined;
      setErrors(details ? Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0]])) : { form_error: failureMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const error = (key: keyof Errors) =>
    errors[key] ? (
      <span id={`${ids}-${key}-error`} className="mt-1 block text-xs text-red-700">
        {errors[key]}
      </span>
    ) : null;
  const described = (key: keyof Errors, hint?: string) => {
    const by = [errors[key] ? `${ids}-${key}-error` : '', hint ? `${ids}-${key}-hint` : ''].filter(Boolean).join(' ');
    return { ...(errors[key] ? { 'aria-invalid': true } : {}), ...(by ? { 'aria-describedby': by } : {}) };
  };
  const select = (key: 'kind' | 'form' | 'how', label: string, values: readonly string[], labels: Record<string, string>, hint?: string) => {
    const field = (
      <label className="text-sm text-slate-800">
        {label}
        <select value={fields[key]} onChange={set(key)} className={INPUT} {...described(key, hint)}>
          {values.map((v) => (
            <option key={v} value={v}>
              {labels[v]}
            </option>
          ))}
        </select>
        {error(key)}
      </label>
    );
    // A hint sits under the field, outside its label, so the field's name stays short.
    return hint ? (
      <div>
        {field}
        <p id={`${ids}-${key}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      </div>
    ) : (
      field
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={onCancel ? `Change ${initial.name}` : 'Add a payer'} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <label className="text-sm text-slate-800">
        Name (platform or brand)
        <input value={fields.name} onChange={set('name')} className={INPUT} autoComplete="off" {...described('name')} />
        {error('name')}
      </label>
      {select('kind', 'Platform or brand', PAYER_KINDS, PAYER_KIND_LABELS)}
      {select('form', 'Which form they need', PAYER_FORMS, PAYER_FORM_LABELS, W8_NOT_HANDLED)}
      {select('how', 'How you give it to them', PAYER_HOW, PAYER_HOW_LABELS)}
      <label className="text-sm text-slate-800">
        Last given on (leave empty if never)
        <input type="date" value={fields.givenOn} onChange={set('givenOn')} className={INPUT} {...described('givenOn')} />
        {error('givenOn')}
      </label>
      <label className="text-sm text-slate-800">
        Note
        <input value={fields.note} onChange={set('note')} className={INPUT} autoComplete="off" {...described('note')} />
        {error('note')}
      </label>
      {errors.form_error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.form_error}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {onCancel ? 'Save the payer' : 'Add the payer'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The values to write on Form W-9 today, and their PDF. */
function W9Values({ orderId, data }: { orderId: string; data: OrderPayers }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { w9 } = data;
  async function download() {
    setBusy(true);
    setError(null);
    try {
      startDownload((await apiCall('GET /api/orders/{id}/w9-values', { params: { id: orderId } })).url);
    } catch (err) {
      setError(`The W-9 values could not be downloaded: ${failureMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="rounded-2xl border border-slate-200 p-4" data-testid="w9-values">
      <p className="text-sm font-semibold text-slate-900">What to write on Form W-9 today</p>
      <p className="mt-1 text-sm text-slate-700">Your LLC is {w9.statusWords}.</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Line 1</dt>
        <dd className="text-slate-900">{w9.line1}</dd>
        <dt className="text-slate-600">Line 2</dt>
        <dd className="text-slate-900">{w9.line2}</dd>
        <dt className="text-slate-600">Line 3a</dt>
        <dd className="text-slate-900">{w9.line3a.words}</dd>
        <dt className="text-slate-600">{w9.tin.kind}</dt>
        <dd className="text-slate-900">{w9.tin.shown}</dd>
      </dl>
      {w9.tin.missing ? <p className="mt-2 text-sm text-slate-700">{w9.tin.missing}</p> : null}
      <p className="mt-2 text-xs text-slate-600">
        Not the IRS form: enter these on the current {data.source.form} or on a platform’s own tax page. Not in our sources: {w9.notVerified.join(' ')} Checked
        against{' '}
        <a className="underline" href={data.source.url} rel="noopener noreferrer" target="_blank">
          the IRS form
        </a>{' '}
        on {writtenDate(data.source.checked)}.
      </p>
      <Button variant="secondary" className="mt-3" onClick={download} disabled={busy}>
        Download the W-9 values (PDF)
      </Button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function PayersSection({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient();
  const payers = useQuery({ queryKey: payersKey(orderId), queryFn: () => apiCall('GET /api/orders/{id}/payers', { params: { id: orderId } }) });
  const show = (data: OrderPayers): void => {
    queryClient.setQueryData(payersKey(orderId), data);
  };
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save =
    (p: PayerView, extra: { w9Updated?: boolean } = {}) =>
    (body: PayerBody) =>
      apiCall('PUT /api/orders/{id}/payers/{payerId}', { params: { id: orderId, payerId: p.id }, body: { ...body, ...extra } }).then(show);
  const tick = useMutation({
    mutationFn: ({ p, done }: { p: PayerView; done: boolean }) => save(p, { w9Updated: done })(payerBodySchema.parse(bodyOf(fieldsOf(p)))),
    onError: (err) => setError(failureMessage(err)),
  });
  const remove = useMutation({
    mutationFn: (p: PayerView) => apiCall('DELETE /api/orders/{id}/payers/{payerId}', { params: { id: orderId, payerId: p.id } }).then(show),
    onError: (err) => setError(failureMessage(err)),
  });

  if (payers.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Your payers could not be loaded: {failureMessage(payers.error)}
      </p>
    );
  const data = payers.data;
  if (!data)
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading your payers…
      </p>
    );

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        The platforms and brands that pay your LLC, which tax form each needs and when you last gave it. When your S-corporation election takes effect, each
        needs a new W-9: we list them here.
      </p>
      {data.electionEffectiveOn ? (
        <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="w9-switch">
          <p className="text-sm font-semibold text-slate-900">
            Your S-corporation election took effect on {writtenDate(data.electionEffectiveOn)}: give every payer a new W-9.{' '}
            {data.w9UpdatesLeft ? `${data.w9UpdatesLeft} left.` : 'All done.'}
          </p>
          <ul className="mt-2 space-y-1" aria-label="Update your W-9">
            {data.payers.map((p) => (
              <li key={p.id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={p.w9Update === 'done'}
                    disabled={tick.isPending}
                    onChange={(e) => tick.mutate({ p, done: e.target.checked })}
                  />
                  Gave {p.name} the new W-9{p.w9Update === 'done' && p.w9UpdatedOn ? ` (ticked on ${writtenDate(p.w9UpdatedOn)})` : ''}
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.check1099?.open ? <Form1099Check orderId={orderId} check={data.check1099} onSaved={show} /> : null}
      <W9Values orderId={orderId} data={data} />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {data.payers.length ? (
        <ul className="divide-y divide-slate-200" aria-label="Payers">
          {data.payers.map((p) => (
            <li key={p.id} className="py-3">
              {editing === p.id ? (
                <PayerForm initial={fieldsOf(p)} onSave={(body) => save(p)(body).then(() => setEditing(null))} onCancel={() => setEditing(null)} />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">
                      {p.name} <span className="text-slate-600">({PAYER_KIND_LABELS[p.kind]})</span>
                      {p.w9Update === 'needed' ? <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">Update your W-9</span> : null}
                    </p>
                    <p className="text-slate-700">
                      {PAYER_FORM_LABELS[p.form]}, {PAYER_HOW_LABELS[p.how].toLowerCase()}.{' '}
                      {p.givenOn ? `Last given on ${writtenDate(p.givenOn)}.` : 'Not given yet.'}
                    </p>
                    {p.expiry ? (
                      <p className={p.expiry.expired ? 'text-red-700' : 'text-slate-700'}>
                        Tax info {p.expiry.expired ? 'expired' : 'expires'} on {writtenDate(p.expiry.expiresOn)}: {p.expiry.rule}{' '}
                        <a className="underline" href={p.expiry.sourceUrl} rel="noopener noreferrer" target="_blank">
                          Source
                        </a>
                      </p>
                    ) : null}
                    {p.note ? <p className="text-slate-600">{p.note}</p> : null}
                  </div>
                  <div className="flex gap-2">
                    <Button variant="secondary" onClick={() => setEditing(p.id)}>
                      Change
                    </Button>
                    <Button variant="ghost" onClick={() => remove.mutate(p)} disabled={remove.isPending}>
                      Remove
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No payers listed yet.</p>
      )}
      {data.payers.length < data.max ? (
        <div>
          <p className="mb-2 text-sm font-semibold text-slate-900">Add a payer</p>
          <PayerForm initial={EMPTY} onSave={(body) => apiCall('POST /api/orders/{id}/payers', { params: { id: orderId }, body }).then(show)} />
        </div>
      ) : (
        <p className="text-sm text-slate-600">Your list holds {data.max} payers, the most it keeps: remove one to add another.</p>
      )}
    </div>
  );
}
