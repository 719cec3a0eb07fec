import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { customerEmailCorrectionSchema, emailChangeDecisionSchema, emailKindLabel, type StaffEmail } from '#shared/staff/email-delivery.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { staffCall, useMayPerform, useStaffAccount } from '../../../lib/staff-session.ts';
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
 * A change of the customer's address waiting for the customer or a second staff member
 * (docs/decisions/0409): who asked, for what and why; a processor or owner other than the person
 * who asked approves it with a reason; anyone who may ask for one can withdraw it.
 */
function PendingEmailChange({
  app,
  onChanged,
}: {
  app: StaffApplication & { emailChange: NonNullable<StaffApplication['emailChange']> };
  onChanged: (app: StaffApplication) => void;
}) {
  const queryClient = useQueryClient();
  const account = useStaffAccount();
  const mayApprove = useMayPerform('approveEmailChange') && account.data?.id !== app.emailChange.requestedBy.id;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (body: { decision: 'approve' | 'cancel'; reason: string }) =>
      staffCall('POST /api/staff/applications/{id}/email-change', { params: { id: app.id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  const fieldId = `email-change-reason-${app.id}`;
  async function submit(decision: 'approve' | 'cancel') {
    const parsed = emailChangeDecisionSchema.safeParse({ decision, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say why');
      return;
    }
    setError(null);
    try {
      const updated = await decide.mutateAsync(parsed.data);
      onChanged(updated);
      setReason('');
      toast(
        decision === 'approve' ? 'Email Changed' : 'Change Withdrawn',
        decision === 'approve' ? `Emails now go to ${updated.email}; the old address was told.` : 'The address on file stays.',
      );
    } catch (err) {
      setError(failureMessage(err));
    }
  }
  const change = app.emailChange;
  return (
    <section aria-label="Email change waiting" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="break-words">
        <strong className="font-semibold">Waiting:</strong> change the email to <strong className="font-semibold">{change.email}</strong>, asked by{' '}
        {change.requestedBy.email} on {formatDateTime(change.requestedAt)}: “{change.reason}”.
      </p>
      <p className="mt-1">
        It takes effect when the customer confirms it on their order page, or when a processor or owner other than {change.requestedBy.email} approves it.
        Nothing goes to the new address until then.
      </p>
      <label htmlFor={fieldId} className="mt-2 block text-sm text-amber-950">
        Reason (kept in the audit trail)
        <input
          id={fieldId}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={INPUT}
        />
      </label>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {mayApprove ? (
          <Button type="button" onClick={() => void submit('approve')} disabled={decide.isPending}>
            Approve the change
          </Button>
        ) : null}
        <Button type="button" variant="secondary" onClick={() => void submit('cancel')} disabled={decide.isPending}>
          Withdraw the change
        </Button>
      </div>
    </section>
  );
}

/**
 * The application modal's email section: the order's email history (kind, to, sent / parked /
 * bounced / suppressed, when), "Send the order link again" to the address on file, and
 * "Ask to correct the email" with a reason: the address on file is told with a stop link, and the
 * change waits for the customer or a second staff member (docs/decisions/0409).
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
      toast('Change Asked For', `It takes effect when the customer confirms it or a second staff member approves it. ${updated.email} was told.`);
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
      {app.emailChange ? <PendingEmailChange app={{ ...app, emailChange: app.emailChange }} onChanged={onChanged} /> : null}
      {app.status !== 'draft' && !app.emailChange ? (
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
              {correct.isPending ? 'Asking…' : 'Ask to correct the email'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
