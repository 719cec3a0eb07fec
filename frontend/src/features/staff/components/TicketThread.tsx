import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SupportTicket } from '#shared/staff/tickets.schema.ts';
import { TICKET_REPLY_MAX, ticketReplySchema } from '#shared/staff/tickets.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { staffCall } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateTime } from '../format.ts';

/**
 * A ticket's order (a change request from an order page), the staff replies so far and the
 * reply form. A reply is kept on the ticket and emailed to the customer by the server.
 */
export function TicketThread({ ticket }: { ticket: SupportTicket }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useMutation({
    mutationFn: (text: string) => staffCall('POST /api/staff/tickets/{id}/replies', { params: { id: ticket.id }, body: { message: text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  const fieldId = `ticket-reply-${ticket.id}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ticketReplySchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a reply');
      return;
    }
    setError(null);
    try {
      await reply.mutateAsync(parsed.data.message);
      setMessage('');
      toast('Reply Sent', `Emailed to ${ticket.customerEmail}.`);
    } catch (err) {
      setError(failureMessage(err));
    }
  }

  return (
    <div className="mt-3 space-y-3">
      {ticket.applicationId ? (
        <p className="break-all text-xs text-slate-700">
          About order <span className="font-mono">{ticket.applicationId}</span>
        </p>
      ) : null}
      {ticket.replies?.length ? (
        <ol className="space-y-2" aria-label={`Replies to ${ticket.subject}`}>
          {ticket.replies.map((r, i) => (
            <li key={i} className="rounded-xl border border-slate-200 bg-white px-3 py-2">
              <p className="text-xs text-slate-600">
                {r.from} · {formatDateTime(r.at)}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{r.message}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={`Reply to ${ticket.subject}`}>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          Reply to {ticket.customerName || ticket.customerEmail}
        </label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={TICKET_REPLY_MAX}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
        />
        {error ? (
          <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" className="mt-2" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send reply by email'}
        </Button>
      </form>
    </div>
  );
}
