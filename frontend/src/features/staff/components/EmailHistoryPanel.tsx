import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { customerEmailCorrectionSchema, emailKindLabel, type StaffEmail } from '#shared/staff/email-delivery.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { staffCall } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateTime } from '../format.ts';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

const STATUS_STYLES: Record<string, string> = {
  sent: 'bg-emerald-100 text-emerald-900',
  parked: 'bg-red-100 text-red-900',
  bounced: 'bg-red-100 text-red-900',
  suppressed: 'bg-amber-100 text-amber-900',
};

/** Where a message stands, in a word, with its colour. */
export function EmailStatus({ status }: { status: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? 'bg-slate-100 text-slate-800'}`}>{status}</span>;
}

/** One message: what, to whom, where it stands, when, and why it did not go. */
export function EmailRow({ email, children }: { email: StaffEmail; children?: React.ReactNode }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm" data-email-status={email.status} data-message-id={email.messageId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{emailKindLabel(email.kind)}</span>
        <EmailStatus status={email.status} />
      </div>
      <p className="mt-1 break-all text-slate-700">To {email.to}</p>
      <p className="text-xs text-slate-600">
        {email.sentAt ? `Sent ${formatDateTime(email.sentAt)}` : `Queued ${formatDateTime(email.createdAt)}`}
        {email.retriedAt ? ` · retried ${formatDateTime(email.retriedAt)}` : ''}
        {email.attempts > 1 ? ` · ${email.attempts} attempts` : ''}
      </p>
      {email.lastError && email.status !== 'sent' ? <p className="mt-1 break-words text-xs text-red-800">{email.lastError}</p> : null}
      {children}
    </li>
  );
}

/**
 * The application modal's email section: the order's email history (kind, to, sent / parked /
 * bounced / suppressed, when), "Send the order link again" to the address on file, and
 * "Correct the email" with a reason (the old address is told, the new one gets the order link).
 */
export function EmailHistoryPanel({ app, onChanged }: { app: StaffApplication; onChanged: (app: StaffApplication) => void }) {
  const queryClient = useQueryClient();
  const key = ['staff', 'emails', app.id];
  const history = useQuery({ queryKey: key, queryFn: () => staffCall('GET /api/staff/applications/{id}/emails', { params: { id: app.id } }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff'] });
  const resend = useMutation({
    mutationFn: () => staffCall('POST /api/staff/applications/{id}/order-link', { params: { id: app.id }, body: {} }),
    onSettled: refresh,
  });
  const correct = useMutation({
    mutationFn: (body: { email: string; reason: string }) => staffCall('POST /api/staff/applications/{id}/email', { params: { id: app.id }, body }),
    onSettled: refresh,
  });
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function sendLink() {
    try {
      const res = await resend.mutateAsync();
      toast('Order Link Sent', `Emailed to ${res.to}.`);
    } catch (err) {
      toast('Not Sent', failureMessage(err), 'error');
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = customerEmailCorrectionSchema.safeParse({ email, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the address and the reason');
      return;
    }
    setError(null);
    try {
      const updated = await correct.mutateAsync(parsed.data);
      onChanged(updated);
      setEmail('');
      setReason('');
      toast('Email Corrected', `The order link went to ${updated.email}; the old address was told.`);
    } catch (err) {
      setError(failureMessage(err));
    }
  }

  const items = history.data?.items ?? [];
  return (
    <section aria-labelledby={`emails-${app.id}`} className="mt-6 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`emails-${app.id}`} className="text-sm font-semibold text-slate-900">
          Emails
        </h3>
        {app.status !== 'draft' && app.email ? (
          <Button variant="secondary" className="!px-3 !py-1.5" onClick={sendLink} disabled={resend.isPending}>
            Send the order link again
          </Button>
        ) : null}
      </div>
      {history.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading the email history…</p>
      ) : history.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The email history could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No email about this order is kept.</p>
      ) : (
        <ol aria-label="Email history" className="mt-2 space-y-2">
          {items.map((m) => (
            <EmailRow key={m.messageId} email={m} />
          ))}
        </ol>
      )}
      {app.status !== 'draft' ? (
        <form onSubmit={submit} noValidate aria-label="Correct the email" className="mt-4 grid gap-2 sm:grid-cols-2">
          <label className="text-sm text-slate-800">
            Correct email address
            <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} className={INPUT} autoComplete="off" />
          </label>
          <label className="text-sm text-slate-800">
            Reason (kept in the audit trail)
            <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} className={INPUT} />
          </label>
          {error ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {error}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={correct.isPending}>
              {correct.isPending ? 'Correcting…' : 'Correct the email'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
