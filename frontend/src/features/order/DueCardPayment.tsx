import { lazy, Suspense } from 'react';
import type { TestCard } from '#shared/payments/test-cards.ts';
import { TestCardForm } from '../../components/payments/TestCardForm.tsx';
import { toast } from '../../lib/toast.ts';

// Stripe.js is downloaded only when a payment is due here and card payments run through Stripe.
const StripeCardForm = lazy(() => import('../../components/payments/StripeCardForm.tsx'));

/**
 * Paying a recurring charge that failed (the registered agent renewal, an annual report) from the
 * order page: the offline test card locally, Stripe's card form with the intent the server made
 * otherwise, and a plain sentence when neither could be set up.
 */
export function DueCardPayment(props: {
  mode: string | undefined;
  publishableKey: string | undefined;
  clientSecret: string | undefined;
  setupFailed: boolean;
  total: number;
  busy: boolean;
  onTestPay: (card: TestCard) => void;
  returnUrl: string;
}) {
  return (
    <div className="mt-4 max-w-md">
      {props.mode === 'test' ? <TestCardForm total={props.total} busy={props.busy} onPay={props.onTestPay} /> : null}
      {props.mode === 'stripe' && props.publishableKey && props.clientSecret ? (
        <Suspense fallback={<div className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
          <StripeCardForm
            publishableKey={props.publishableKey}
            clientSecret={props.clientSecret}
            total={props.total}
            returnUrl={props.returnUrl}
            onUnexpected={() => toast('Payment Error', 'An unexpected error occurred. Please try again.', 'error')}
          />
        </Suspense>
      ) : null}
      {props.setupFailed ? (
        <p role="alert" className="text-red-700">
          Card payment could not be set up here. Please refresh the page, or contact us.
        </p>
      ) : null}
    </div>
  );
}
