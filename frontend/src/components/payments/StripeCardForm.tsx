import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { formatUsd } from '#shared/money.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../Button.tsx';

/**
 * Card payment with Stripe Elements: checkout's card tab, and the order page's renewal payment.
 * This module (and Stripe.js) is loaded only in Stripe mode. Confirmation returns to `returnUrl`
 * (checkout's /success, which waits for the verified webhook; the order page).
 * `onUnexpected`: what the page says when Stripe fails for a reason that is not the card's.
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string) {
  let s = stripeByKey.get(key);
  if (!s) {
    s = loadStripe(key);
    stripeByKey.set(key, s);
  }
  return s;
}

export default function StripeCardForm({
  publishableKey,
  clientSecret,
  total,
  returnUrl,
  onUnexpected,
  onDeclined,
}: {
  publishableKey: string;
  clientSecret: string;
  total: number;
  returnUrl: string;
  onUnexpected: () => void;
  /** After a declined card: the server cancels the declined intent, so the page asks it for a fresh one. */
  onDeclined?: () => void;
}) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#4f46e5', borderRadius: '12px' } } }}
      key={clientSecret}
    >
      <CardForm total={total} returnUrl={returnUrl} onUnexpected={onUnexpected} onDeclined={onDeclined} />
    </Elements>
  );
}

function CardForm({ total, returnUrl, onUnexpected, onDeclined }: { total: number; returnUrl: string; onUnexpected: () => void; onDeclined?: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: new URL(returnUrl, window.location.origin).href } });
      // Only reached on an error: success redirects to return_url.
      if (error.type === 'card_error' || error.type === 'validation_error') {
        toast('Payment Failed', error.message ?? 'Your card was declined.', 'error');
        if (error.type === 'card_error') onDeclined?.();
      } else onUnexpected();
    } catch {
      onUnexpected();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={busy || !stripe}>
        {busy ? 'Processing…' : `Pay ${formatUsd(total)}`}
      </Button>
    </form>
  );
}
