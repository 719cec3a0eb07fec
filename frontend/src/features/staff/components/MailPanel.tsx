import { type FormEvent, useId, useRef, useState } from 'react';
import { logMailFieldsSchema, type StaffMail } from '#shared/mail/mail.schema.ts';
import { MAIL_KIND_LABELS, MAIL_KINDS, type MailKind } from '#shared/mail/mail.ts';
import { uploadFileProblem } from '#shared/orders/documents.ts';
import { Button } from '../../../components/Button.tsx';
import { ApiError, failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadDocument } from '../documents-api.ts';
import { formatDateTime } from '../format.ts';
import { useLogMail, useMarkMailHandled } from '../mail-api.ts';

/**
 * The order's mail in the application modal (docs/decisions/0421-mail-room.md): the list, newest
 * first, each piece not handled with its clock (a service of process 4 business hours, the rest one
 * business day), "Mark handled", and the form that logs a piece with its scan. The form checks
 * its fields with the route's own schema.
 */

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

type Fields = { sender: string; receivedOn: string; kind: MailKind; answerDeadline: string; note: string };
type Errors = Partial<Record<keyof Fields | 'file' | 'uploadId' | 'form', string>>;

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form') as keyof Errors;
    out[key] ??= issue.message;
  }
  return out;
}

export function MailClock({ mail, now }: { mail: StaffMail; now: number }) {
  if (!mail.clock) return <span className="text-xs text-slate-600">Handled {formatDateTime(mail.handledAt)}</span>;
  const overdue = mail.clock.overdue || now > Date.parse(mail.clock.dueAt);
  const span = mail.clock.hours === 4 ? '4 business hours' : 'one business day';
  return (
    <span className={`text-xs font-medium ${overdue ? 'text-red-700' : mail.kind === 'service_of_process' ? 'text-amber-800' : 'text-slate-700'}`}>
      {overdue ? 'Overdue' : 'Due'} {formatDateTime(mail.clock.dueAt)} ({span})
    </span>
  );
}

export function MailForm({ applicationId }: { applicationId: string }) {
  const ids = useId();
  const log = useLogMail(applicationId);
  const fileInput = useRef<HTMLInputElement>(null);
  const empty: Fields = { sender: '', receivedOn: '', kind: 'service_of_process', answerDeadline: '', note: '' };
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      sender: fields.sender,
      receivedOn: fields.receivedOn,
      kind: fields.kind,
      ...(fields.answerDeadline ? { answerDeadline: fields.answerDeadline } : {}),
      ...(fields.note.trim() ? { note: fields.note } : {}),
    };
    const checked = logMailFieldsSchema.safeParse(body);
    const file = fileInput.current?.files?.[0];
    const next: Errors = checked.success ? {} : fieldErrors(checked.error.issues);
    const fileIssue = file ? uploadFileProblem(file) : 'Choose the scan (a PDF)';
    if (fileIssue) next.file = fileIssue;
    setErrors(next);
    if (!checked.success || !file || fileIssue) return;
    try {
      await log.mutateAsync({ file, fields: checked.data });
      toast('Mail Logged', `${MAIL_KIND_LABELS[fields.kind]} from ${checked.data.sender}: the customer is emailed now.`);
      setFields(empty);
      if (fileInput.current) fileInput.current.value = '';
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
    <form onSubmit={submit} className="mt-4 grid grid-cols-1 gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2" aria-labelledby={`${ids}-title`} noValidate>
      <p id={`${ids}-title`} className="text-sm font-medium text-slate-800 sm:col-span-2">
        Log mail received (the scan as a PDF, at most 10 MB)
      </p>
      <label className="min-w-0 text-sm text-slate-800">
        Type of mail
        <select value={fields.kind} onChange={set('kind')} className={INPUT}>
          {MAIL_KINDS.map((k) => (
            <option key={k} value={k}>
              {MAIL_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-0 text-sm text-slate-800">
        Sender
        <input value={fields.sender} onChange={set('sender')} className={INPUT} autoComplete="off" {...described('sender')} />
        {error('sender')}
      </label>
      <label className="min-w-0 text-sm text-slate-800">
        Received on
        <input type="date" value={fields.receivedOn} onChange={set('receivedOn')} className={INPUT} {...described('receivedOn')} />
        {error('receivedOn')}
      </label>
      <label className="min-w-0 text-sm text-slate-800">
        Answer deadline (if the document names one)
        <input type="date" value={fields.answerDeadline} onChange={set('answerDeadline')} className={INPUT} {...described('answerDeadline')} />
        {error('answerDeadline')}
      </label>
      <label className="min-w-0 text-sm text-slate-800 sm:col-span-2">
        Note (staff only)
        <input value={fields.note} onChange={set('note')} className={INPUT} autoComplete="off" {...described('note')} />
        {error('note')}
      </label>
      <label className="min-w-0 text-sm text-slate-800 sm:col-span-2">
        Scan (PDF)
        <input
          ref={fileInput}
          type="file"
          accept="application/pdf,.pdf"
          className={`${INPUT} file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1`}
          {...described('file')}
        />
        {error('file')}
      </label>
      {errors.form || errors.uploadId ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.form ?? errors.uploadId}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={log.isPending}>
          {log.isPending ? 'Logging…' : 'Log mail'}
        </Button>
      </div>
    </form>
  );
}

/** The order's mail, newest first, with the clocks; the form to log more when the order is paid. */
export function MailPanel({ applicationId, mail, paid, now = Date.now() }: { applicationId: string; mail: readonly StaffMail[]; paid: boolean; now?: number }) {
  const handle = useMarkMailHandled(applicationId);
  async function markHandled(m: StaffMail) {
    try {
      await handle.mutateAsync(m.id);
      toast('Mail Handled', `${MAIL_KIND_LABELS[m.kind]} from ${m.sender} is marked handled.`);
    } catch (err) {
      toast('Not Marked', failureMessage(err), 'error');
    }
  }
  return (
    <section aria-labelledby="order-mail-title" className="mt-4 border-t border-slate-200 pt-4">
      <h4 id="order-mail-title" className="text-sm font-semibold text-slate-900">
        Mail
      </h4>
      {mail.length ? (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Mail of the order">
          {mail.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">
                  {m.kind === 'service_of_process' ? (
                    <span className="mr-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">Urgent</span>
                  ) : null}
                  {MAIL_KIND_LABELS[m.kind]} from {m.sender}
                </p>
                <p className="text-xs text-slate-600">
                  Received {m.receivedOn}
                  {m.answerDeadline ? ` · answer due ${m.answerDeadline}` : ''} · logged {formatDateTime(m.loggedAt)}
                  {m.loggedBy ? ` by ${m.loggedBy}` : ''}
                  {m.note ? ` · ${m.note}` : ''}
                </p>
                <MailClock mail={m} now={now} />
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  className="!px-3 !py-1.5"
                  onClick={() => void downloadDocument(applicationId, m.documentId)}
                  aria-label={`Download the scan from ${m.sender}`}
                >
                  Scan
                </Button>
                {m.clock ? (
                  <Button className="!px-3 !py-1.5" onClick={() => void markHandled(m)} disabled={handle.isPending} aria-label={`Mark handled: ${m.sender}`}>
                    Mark handled
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No mail logged for this LLC.</p>
      )}
      {paid ? <MailForm applicationId={applicationId} /> : null}
    </section>
  );
}
