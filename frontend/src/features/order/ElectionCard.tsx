import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { uploadRequestSchema } from '#shared/orders/documents.schema.ts';
import { type ElectionView, recordElectionLetterSchema, recordElectionSentSchema } from '#shared/s-corp/election.schema.ts';
import { Button } from '../../components/Button.tsx';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { orderQueryKey } from '../../lib/order-queries.ts';

/**
 * The S-corporation election on the order page (docs/decisions/0422-election-tracked.md): where it
 * stands, from the worksheet to the IRS letter (CP261), in the server's own sentences (not sent
 * yet, waiting with the day the answer is due, late with the Rev. Proc. 2013-30 steps, overdue
 * with whom to call, in effect). For an election the customer filed themselves (no Form 2553
 * add-on, docs/decisions/0432) the card takes the sending and the CP261's date, with the letter
 * itself as a PDF for the vault (optional, docs/decisions/0436); once in effect it still takes the
 * PDF, or a clearer scan of it.
 */

const TONE: Record<ElectionView['state'], string> = {
  'not-started': 'border-slate-200 bg-white',
  waiting: 'border-indigo-200 bg-indigo-50',
  late: 'border-amber-300 bg-amber-50',
  overdue: 'border-red-300 bg-red-50',
  'in-effect': 'border-emerald-300 bg-emerald-50',
};

export function ElectionCard({ election, orderId }: { election: ElectionView; orderId?: string }) {
  return (
    <div className={`rounded-2xl border p-4 ${TONE[election.state]}`} data-state={election.state}>
      <p className="text-sm font-semibold text-slate-900">{election.headline}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {election.detail.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {orderId && election.selfFiled && election.state !== 'in-effect' ? (
        <div className="mt-4 space-y-4">
          <LetterForm orderId={orderId} />
          <details>
            <summary className="cursor-pointer text-sm text-indigo-700">Correct how or when you sent it</summary>
            <SentForm orderId={orderId} />
          </details>
        </div>
      ) : null}
      {orderId && election.selfFiled && election.state === 'in-effect' && election.effectiveOn ? (
        election.letterOnFile ? (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm text-indigo-700">Replace the letter in your vault with another scan</summary>
            <LetterForm orderId={orderId} effectiveOn={election.effectiveOn} />
          </details>
        ) : (
          <div className="mt-4">
            <LetterForm orderId={orderId} effectiveOn={election.effectiveOn} />
          </div>
        )
      ) : null}
    </div>
  );
}

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

type Errors = Record<string, string>;

/** Checks `body` with the route's own schema, posts it, and refreshes the order; the server's 400 shows beside the field it names. */
function useElectionForm(orderId: string) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function send(check: () => { success: boolean; issues: { path: PropertyKey[]; message: string }[] }, post: () => Promise<unknown>) {
    const checked = check();
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.issues) next[String(issue.path[0] ?? 'form_error')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await post();
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    } catch (err) {
      const details = err instanceof ApiError ? (err.body?.details as Record<string, string[]> | undefined) : undefined;
      setErrors(details ? Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0] ?? ''])) : { form_error: failureMessage(err) });
    } finally {
      setBusy(false);
    }
  }
  return { errors, busy, send };
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="mt-1 block text-xs text-red-700">
      {message}
    </span>
  ) : null;
}

/**
 * The customer who filed Form 2553 themselves records it as sent (docs/decisions/0432): the staff
 * route's schema checks it here first. Shown on an order without the Form 2553 add-on.
 */
export function SentForm({ orderId }: { orderId: string }) {
  const ids = useId();
  const [fields, setFields] = useState({ how: 'fax', sentOn: '', sentTo: '', note: '' });
  const { errors, busy, send } = useElectionForm(orderId);
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const body = () => ({ how: fields.how, sentOn: fields.sentOn.trim(), sentTo: fields.sentTo, ...(fields.note.trim() ? { note: fields.note } : {}) });
  function submit(e: FormEvent) {
    e.preventDefault();
    void send(
      () => {
        const r = recordElectionSentSchema.safeParse(body());
        return { success: r.success, issues: r.error?.issues ?? [] };
      },
      () => apiCall('POST /api/orders/{id}/election', { params: { id: orderId }, body: recordElectionSentSchema.parse(body()) }),
    );
  }
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${key}` } : {});
  return (
    <form onSubmit={submit} noValidate aria-label="Record the Form 2553 you sent" className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
      <label className="text-sm text-slate-800">
        How you sent it
        <select value={fields.how} onChange={set('how')} className={INPUT} {...described('how')}>
          <option value="fax">Fax</option>
          <option value="mail">Mail</option>
        </select>
        <FieldError id={`${ids}-how`} message={errors.how} />
      </label>
      <label className="text-sm text-slate-800">
        The day you sent it
        <input type="date" value={fields.sentOn} onChange={set('sentOn')} className={INPUT} {...described('sentOn')} />
        <FieldError id={`${ids}-sentOn`} message={errors.sentOn} />
      </label>
      <label className="text-sm text-slate-800 sm:col-span-2">
        The IRS fax number or address you used
        <input value={fields.sentTo} onChange={set('sentTo')} className={INPUT} autoComplete="off" {...described('sentTo')} />
        <FieldError id={`${ids}-sentTo`} message={errors.sentTo} />
      </label>
      <label className="text-sm text-slate-800 sm:col-span-2">
        Note (the fax confirmation, the tracking number)
        <input value={fields.note} onChange={set('note')} className={INPUT} autoComplete="off" {...described('note')} />
        <FieldError id={`${ids}-note`} message={errors.note} />
      </label>
      {errors.form_error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.form_error}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Record it as sent
        </Button>
      </div>
    </form>
  );
}

/** Why the customer should upload the letter, said beside the file field. */
export const WHY_UPLOAD_THE_LETTER =
  'Optional, but we recommend it: the CP261 is the IRS’s proof that it accepted the election. Kept in your document vault, it is at hand when your tax preparer, a bank or the IRS asks for it.';

/** Sends the letter to the documents store (the presigned PUT, not through the API) and records it with its date. */
async function uploadLetter(orderId: string, file: File, effectiveOn: string): Promise<void> {
  const ticket = await apiCall('POST /api/orders/{id}/election/letter/uploads', {
    params: { id: orderId },
    body: { contentType: 'application/pdf', size: file.size },
  });
  const put = await fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: file });
  if (!put.ok) throw new ApiError(put.status, '', 'The letter could not be uploaded: try again');
  await apiCall('POST /api/orders/{id}/election/letter/uploads/{uploadId}/record', {
    params: { id: orderId, uploadId: ticket.uploadId },
    body: { effectiveOn },
  });
}

/**
 * The IRS letter (CP261) arrived: the date it says the election takes effect, and the letter as a
 * PDF for the vault (optional; the date alone records it). With `effectiveOn` (the election is
 * already in effect) it takes the PDF, or a clearer scan, for the date recorded.
 */
function LetterForm({ orderId, effectiveOn: recorded }: { orderId: string; effectiveOn?: string }) {
  const ids = useId();
  const [effectiveOn, setEffectiveOn] = useState(recorded ?? '');
  const [file, setFile] = useState<File | null>(null);
  const { errors, busy, send } = useElectionForm(orderId);
  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { effectiveOn: effectiveOn.trim() };
    void send(
      () => {
        const r = recordElectionLetterSchema.safeParse(body);
        const issues: { path: PropertyKey[]; message: string }[] = [...(r.error?.issues ?? [])];
        if (!file && recorded) issues.push({ path: ['file'], message: 'Choose the letter’s PDF' });
        if (file) {
          // The upload route's own schema: a PDF of at most 10 MB.
          const f = uploadRequestSchema.safeParse({ contentType: file.type || 'application/octet-stream', size: file.size });
          for (const issue of f.error?.issues ?? []) issues.push({ path: ['file'], message: issue.message });
        }
        return { success: issues.length === 0, issues };
      },
      () => (file ? uploadLetter(orderId, file, body.effectiveOn) : apiCall('POST /api/orders/{id}/election/letter', { params: { id: orderId }, body })),
    );
  }
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${key}` } : {});
  return (
    <form onSubmit={submit} noValidate aria-label="The IRS letter arrived" className="flex flex-wrap items-end gap-3">
      {recorded ? null : (
        <label className="text-sm text-slate-800">
          The IRS letter (CP261) arrived: the date it says the election takes effect
          <input type="date" value={effectiveOn} onChange={(e) => setEffectiveOn(e.target.value)} className={INPUT} {...described('effectiveOn')} />
          <FieldError id={`${ids}-effectiveOn`} message={errors.effectiveOn} />
        </label>
      )}
      <label className="text-sm text-slate-800">
        {recorded ? 'The IRS letter (CP261) as a PDF' : 'The letter as a PDF (optional)'}
        <input
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm text-slate-800"
          aria-describedby={`${ids}-why${errors.file ? ` ${ids}-file` : ''}`}
          {...(errors.file ? { 'aria-invalid': true } : {})}
        />
        <FieldError id={`${ids}-file`} message={errors.file} />
      </label>
      <Button type="submit" disabled={busy}>
        {recorded ? 'Upload the letter' : file ? 'Record and upload the letter' : 'Record the letter'}
      </Button>
      <p id={`${ids}-why`} className="w-full text-xs text-slate-600">
        {WHY_UPLOAD_THE_LETTER}
      </p>
      {errors.form_error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {errors.form_error}
        </p>
      ) : null}
    </form>
  );
}
