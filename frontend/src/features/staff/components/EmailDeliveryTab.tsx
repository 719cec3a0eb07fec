import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { customerEmailCorrectionSchema, emailRetrySchema, type StaffEmail } from '#shared/staff/email-delivery.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { staffCall } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { EmailRow } from './EmailHistoryPanel.tsx';

/** Retry with a reason: sent again to the order's address as it is now (a suppression is lifted). */
function RetryForm({ email }: { email: StaffEmail }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const retry = useMutation({
    mutationFn: (body: { messageId: string; reason: string }) => staffCall('POST /api/staff/emails/retries', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  const fieldId = `retry-${email.messageId.replace(/[^\w-]/g, '_')}`;
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = emailRetrySchema.safeParse({ messageId: email.messageId, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say why it is sent again');
      return;
    }
    setError(null);
    try {
      const res = await retry.mutateAsync(parsed.data);
      toast('Email Sent Again', `To ${res.to}.`);
    } catch (err) {
      setError(failureMessage(err));
    }
  }
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-end gap-2" aria-label={`Retry ${email.messageId}`}>
      <label htmlFor={fieldId} className="min-w-0 flex-1 text-xs text-slate-800">
        Reason for the retry
        <input
          id={fieldId}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        />
      </label>
      <Button type="submit" variant="secondary" disabled={retry.isPending}>
        Retry
      </Button>
      {error ? (
        <p id={`${fieldId}-error`} className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Ask for the order's address to be corrected, from the undelivered message itself (support cannot
 * open orders): the address on file is told with a link that stops the change, and the change
 * takes effect when the customer confirms it or a second staff member approves it (docs/decisions/0409).
 */
function CorrectionForm({ email }: { email: StaffEmail & { applicationId: string } }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ email?: string; reason?: string; form?: string }>({});
  const ask = useMutation({
    mutationFn: (body: { email: string; reason: string }) =>
      staffCall('POST /api/staff/applications/{id}/email', { params: { id: email.applicationId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  const base = `correct-${email.messageId.replace(/[^\w-]/g, '_')}`;
  if (!open)
    return (
      <Button type="button" variant="secondary" className="mt-2 !px-3 !py-1.5" onClick={() => setOpen(true)}>
        Ask to correct the address
      </Button>
    );
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = customerEmailCorrectionSchema.safeParse({ email: address, reason });
    if (!parsed.success) {
      const field = (p: string) => parsed.error.issues.find((i) => i.path[0] === p)?.message;
      setErrors({ email: field('email'), reason: field('reason') });
      return;
    }
    setErrors({});
    try {
      await ask.mutateAsync(parsed.data);
      setOpen(false);
      toast('Change Asked For', 'The customer confirms it, or a processor or owner approves it. The address on file was told.');
    } catch (err) {
      setErrors({ form: failureMessage(err) });
    }
  }
  const field = (name: 'email' | 'reason', label: string, value: string, set: (v: string) => void, type = 'text') => (
    <label htmlFor={`${base}-${name}`} className="min-w-0 flex-1 text-xs text-slate-800">
      {label}
      <input
        id={`${base}-${name}`}
        type={type}
        value={value}
        maxLength={name === 'email' ? 254 : 500}
        autoComplete="off"
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${base}-${name}-error` : undefined}
        className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
      />
      {errors[name] ? (
        <span id={`${base}-${name}-error`} className="mt-1 block text-sm text-red-700">
          {errors[name]}
        </span>
      ) : null}
    </label>
  );
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-start gap-2" aria-label={`Correct the address of ${email.messageId}`}>
      {field('email', 'Correct email address', address, setAddress, 'email')}
      {field('reason', 'Reason (kept in the audit trail)', reason, setReason)}
      <Button type="submit" variant="secondary" className="mt-5" disabled={ask.isPending}>
        Ask for the change
      </Button>
      {errors.form ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Emails that did not reach their customer: parked after failed attempts, suppressed (the address
 * bounced or complained before) or bounced after sending, newest first, each with why and a retry.
 */
export function EmailDeliveryTab() {
  const query = useQuery({ queryKey: ['staff', 'emails', 'undelivered'], queryFn: () => staffCall('GET /api/staff/emails') });
  if (query.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The undelivered emails could not be loaded. Reload the page to try again.
      </p>
    );
  const items = query.data.items;
  return (
    <div>
      <p className="mb-3 text-sm text-slate-700">
        Emails that did not reach their customer. Retry sends one again to the order's address as it is now. If the address was wrong, ask for it to be
        corrected below: the customer confirms the change, or a processor or owner approves it, before it takes effect. Retrying a suppressed or bounced address
        lifts its suppression.
      </p>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">Every email was delivered.</p>
      ) : (
        <ul aria-label="Undelivered emails" className="space-y-2">
          {items.map((m) => (
            <EmailRow key={m.messageId} email={m}>
              {m.applicationId ? <p className="mt-1 text-xs text-slate-600">Order {m.applicationId.slice(0, 8)}</p> : null}
              <RetryForm email={m} />
              {m.applicationId ? <CorrectionForm email={{ ...m, applicationId: m.applicationId }} /> : null}
            </EmailRow>
          ))}
        </ul>
      )}
    </div>
  );
}
