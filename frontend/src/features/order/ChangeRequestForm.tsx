import { type FormEvent, useState } from 'react';
import { CHANGE_REQUEST_MAX, changeRequestSchema } from '#shared/orders/requests.schema.ts';
import { Button } from '../../components/Button.tsx';
import { failureMessage } from '../../lib/api.ts';
import { requestChange } from './order-api.ts';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

/** "Request a change": opens a support ticket about the order; staff reply by email. */
export function ChangeRequestForm({ id, email }: { id: string; email: string }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [ticketId, setTicketId] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = changeRequestSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Describe the change');
      document.getElementById('change-request-message')?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const res = await requestChange(id, parsed.data.message);
      setTicketId(res.ticketId);
      setMessage('');
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setSending(false);
    }
  }

  if (ticketId)
    return (
      <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <p className="font-semibold">We received your request.</p>
        <p className="mt-1 break-words">
          We reply by email to {email} (reference {ticketId.slice(0, 8)}).
        </p>
        <Button variant="ghost" className="mt-2 !px-0" onClick={() => setTicketId(null)}>
          Send another request
        </Button>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Request a change">
      <label htmlFor="change-request-message" className="block text-sm font-medium text-slate-800">
        What should we change?
      </label>
      <textarea
        id="change-request-message"
        rows={4}
        maxLength={CHANGE_REQUEST_MAX}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(null);
        }}
        className={INPUT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'change-request-error' : undefined}
      />
      {error ? (
        <p id="change-request-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" className="mt-3" disabled={sending}>
        {sending ? 'Sending…' : 'Send the request'}
      </Button>
    </form>
  );
}
