import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { ConversationMessage } from '#shared/orders/conversation.schema.ts';
import { CHANGE_REQUEST_MAX, changeRequestSchema } from '#shared/orders/requests.schema.ts';
import { Button } from '../../components/Button.tsx';
import { failureMessage } from '../../lib/api.ts';
import { apiCall, apiUrl } from '../../lib/api-client.ts';
import { longDateTime } from '../../lib/local-dates.ts';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

const conversationKey = (id: string) => [apiUrl('GET /api/orders/{id}/conversation', { params: { id } })];

function Message({ message }: { message: ConversationMessage }) {
  const ours = message.author === 'staff';
  return (
    <li
      className={`rounded-xl border px-4 py-3 ${ours ? 'border-indigo-200 bg-indigo-50 sm:ml-8' : 'border-slate-200 bg-white sm:mr-8'}`}
      data-author={message.author}
    >
      <p className="text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{ours ? message.from : `${message.from} (you)`}</span> ·{' '}
        <time dateTime={message.at}>{longDateTime(message.at)}</time>
      </p>
      {message.quote ? (
        <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-sm text-slate-600">
          <p className="text-xs">
            In answer to {message.quote.from}, {longDateTime(message.quote.at)}:
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{message.quote.message}</p>
        </blockquote>
      ) : null}
      <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-900">{message.message}</p>
    </li>
  );
}

/**
 * The order's conversation (docs/product.md section 10): every message about the order, the
 * customer's and our replies, oldest first, and the box to write the next one. Each message is
 * acknowledged by email with the conversation's reference, the order number.
 */
export function Conversation({ id, email }: { id: string; email: string }) {
  const queryClient = useQueryClient();
  const thread = useQuery({ queryKey: conversationKey(id), queryFn: () => apiCall('GET /api/orders/{id}/conversation', { params: { id } }) });
  const send = useMutation({
    mutationFn: (message: string) => apiCall('POST /api/orders/{id}/change-requests', { params: { id }, body: { message } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKey(id) }),
  });
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const fieldId = useId();
  const messages = thread.data?.messages ?? [];
  const started = messages.length > 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = changeRequestSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write your message');
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(null);
    setSent(null);
    try {
      const res = await send.mutateAsync(parsed.data.message);
      setMessage('');
      setSent(`We received your message (reference ${res.reference}) and emailed you a copy at ${email}. We answer here and by email.`);
    } catch (err) {
      setError(failureMessage(err));
    }
  }

  return (
    <div>
      {thread.data ? (
        <p className="mb-3 text-sm text-slate-600">
          {started
            ? `Your messages and our answers, oldest first. Reference ${thread.data.reference}.`
            : 'Something to correct or add? Write to us here: it reaches our team, and our answers appear here and by email.'}
        </p>
      ) : thread.isError ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          The conversation could not be loaded. You can still write to us below.
        </p>
      ) : (
        <p role="status" className="mb-3 text-sm text-slate-600">
          Loading the conversation…
        </p>
      )}
      {started ? (
        <ol aria-label="Conversation" className="mb-4 space-y-3">
          {messages.map((m) => (
            <Message key={m.id} message={m} />
          ))}
        </ol>
      ) : null}
      {sent ? (
        <p role="status" className="mb-3 break-words rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {sent}
        </p>
      ) : null}
      {thread.data?.full ? (
        <p className="text-sm text-slate-700">This conversation is full: write to us from the contact page and mention your order number.</p>
      ) : (
        <form onSubmit={submit} noValidate aria-label={started ? 'Reply' : 'Request a change'}>
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
            {started ? 'Your reply' : 'What should we change?'}
          </label>
          <textarea
            id={fieldId}
            rows={4}
            maxLength={CHANGE_REQUEST_MAX}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(null);
            }}
            className={INPUT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          {error ? (
            <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" className="mt-3" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : started ? 'Send the reply' : 'Send the request'}
          </Button>
        </form>
      )}
    </div>
  );
}
