import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { failureMessage } from '../../lib/api.ts';
import { sendOrderLink } from './order-api.ts';

/**
 * An order this browser cannot open (no resume secret, or another's), or an email link that has
 * expired: a plain sentence and a new link by email, sent only to the address the order was
 * placed with. The answer is the same whether or not the order exists.
 */
const HEADINGS = {
  expired: 'This link has expired',
  superseded: 'This link no longer opens the order',
  ended: 'Open your order from your newest email',
  none: 'Open your order from your email',
} as const;

const SENTENCES = {
  expired: 'For your security, the links in our emails stop working after a while. We can email you a new one.',
  superseded: 'The order’s email address changed after this link was sent, so it no longer opens the order. We can email a new link to the address on file.',
  ended: 'The order’s email address changed, so this browser no longer opens it. Use the link in the newest email we sent, or ask for a new one.',
  none: 'This browser cannot open this order. Use the link in one of our emails about it, or ask for a new link.',
} as const;

/** `reason`: why this browser cannot open the order, when we know (none: it never could). */
export function LinkOffer({ id, reason }: { id: string; reason?: 'expired' | 'superseded' | 'ended' }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function send() {
    setState('sending');
    setError(null);
    try {
      await sendOrderLink(id);
      setState('sent');
    } catch (err) {
      setError(failureMessage(err));
      setState('idle');
    }
  }

  return (
    <Card className="mx-auto max-w-xl text-center sm:p-10">
      <h1 className="text-2xl font-bold text-slate-900">{HEADINGS[reason ?? 'none']}</h1>
      <p className="mt-3 text-slate-700">{SENTENCES[reason ?? 'none']}</p>
      {state === 'sent' ? (
        <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
          <p className="font-semibold">Check your inbox</p>
          <p className="mt-1 text-sm">If this order exists, a new link is on its way to the email address it was placed with.</p>
        </div>
      ) : (
        <>
          <Button size="lg" className="mt-6" onClick={send} disabled={state === 'sending'}>
            {state === 'sending' ? 'Sending…' : 'Email me a new link'}
          </Button>
          <p className="mt-3 text-sm text-slate-600">We send it to the email address the order was placed with.</p>
        </>
      )}
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
