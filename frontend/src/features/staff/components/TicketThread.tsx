import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SupportTicket } from '#shared/staff/tickets.schema.ts';
import { TICKET_REPLY_MAX, ticketReplySchema } from '#shared/staff/tickets.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { staffCall } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateTime } from '../format.ts';

/** The first message's id in a ticket's thread (functions/data/tickets.ts FIRST_ENTRY). */
const FIRST = 'first';

type Entry = { id: string; author: 'customer' | 'staff'; from: string; at: string; message: string; quote?: { from: string; at: string; message: string } };

/** The ticket as one thread: its first message, then every reply and answer, oldest first. */
export function ticketThread(ticket: SupportTicket): Entry[] {
  return [
    { id: FIRST, author: 'customer', from: ticket.customerName || ticket.customerEmail, at: ticket.createdAt, message: ticket.message },
    ...(ticket.replies ?? []).map((r, i) => ({ ...r, id: r.id ?? `r${i + 1}`, author: r.author ?? ('staff' as const) })),
  ];
}

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/**
 * A ticket's thread (the customer's messages and the staff replies, each reply with what it
 * quotes) and the reply form. A reply quotes the customer message picked under "Answering" (the
 * latest by default); the server keeps it on the ticket and emails it.
 */
export function TicketThread({ ticket }: { ticket: SupportTicket }) {
  const queryClient = useQueryClient();
  const thread = ticketThread(ticket);
  const customerMessages = thread.filter((e) => e.author === 'customer');
  const latest = customerMessages.at(-1)?.id ?? FIRST;
  const [message, setMessage] = useState('');
  const [quotes, setQuotes] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reply = useMutation({
    mutationFn: (body: { message: string; quotes: string }) => staffCall('POST /api/staff/tickets/{id}/replies', { params: { id: ticket.id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  const fieldId = `ticket-reply-${ticket.id}`;
  const answering = quotes ?? latest;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ticketReplySchema.safeParse({ message, quotes: answering });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a reply');
      return;
    }
    setError(null);
    try {
      await reply.mutateAsync({ message: parsed.data.message, quotes: answering });
      setMessage('');
      setQuotes(null);
      toast('Reply Sent', 'Emailed to the customer, quoting the message it answers.');
    } catch (err) {
      setError(failureMessage(err));
    }
  }

  return (
    <div className="mt-3 space-y-3">
      <ol className="space-y-2" aria-label={`Thread of ${ticket.subject}`}>
        {thread.map((entry) => (
          <li
            key={entry.id}
            data-author={entry.author}
            className={`rounded-xl border px-3 py-2 ${entry.author === 'staff' ? 'border-indigo-200 bg-indigo-50 sm:ml-6' : 'border-slate-200 bg-white'}`}
          >
            <p className="text-xs text-slate-600">
              <span className="font-semibold text-slate-800">{entry.author === 'staff' ? entry.from : `${entry.from} (customer)`}</span> ·{' '}
              {formatDateTime(entry.at)}
            </p>
            {entry.quote ? (
              <blockquote className="mt-1 border-l-4 border-slate-300 pl-2 text-xs text-slate-600">
                <p className="whitespace-pre-line break-words">{entry.quote.message}</p>
              </blockquote>
            ) : null}
            <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{entry.message}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate aria-label={`Reply to ${ticket.subject}`}>
        {customerMessages.length > 1 ? (
          <label className="mb-2 block text-sm text-slate-800">
            Answering
            <select
              value={answering}
              onChange={(e) => setQuotes(e.target.value)}
              className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
            >
              {customerMessages.map((m) => (
                <option key={m.id} value={m.id}>
                  {formatDateTime(m.at)}: {excerpt(m.message)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
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
