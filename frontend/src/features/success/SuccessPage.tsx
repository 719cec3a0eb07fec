import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatCents } from '#shared/money.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { apiCall, apiUrl, type ResponseOf } from '../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';

/** Poll briefly: the provider's confirmation (webhook) usually lands within seconds. */
export const POLL_INTERVAL_MS = 1500;
export const POLL_LIMIT_MS = 90_000;

const NEXT_STEPS = [
  { title: 'Confirmation email', text: 'You will receive a confirmation email with your order summary.' },
  { title: 'Filing within 1-2 business days', text: 'Our team reviews your details and files your LLC with the state.' },
  { title: 'Documents by email', text: 'Once the state approves your LLC, we email you your formation documents.' },
];

/**
 * /success?provider=...&applicationId=...: says "Payment successful" only once the payment is
 * recorded on the application; until then "Payment is being confirmed...".
 */
export default function SuccessPage() {
  usePageMeta({ title: 'Payment | CreatorLLC', description: 'Your LLC order confirmation.' });
  const [params] = useSearchParams();
  const applicationId = params.get('applicationId');
  const amazonCheckoutSessionId = params.get('provider') === 'amazon-pay' ? params.get('amazonCheckoutSessionId') : null;
  const [startedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const [completing, setCompleting] = useState(Boolean(amazonCheckoutSessionId));
  const completeStarted = useRef(false);

  // Amazon Pay returns here with its checkout session: the server completes it, then we poll.
  useEffect(() => {
    if (!amazonCheckoutSessionId || !applicationId || completeStarted.current) return;
    completeStarted.current = true;
    apiCall('POST /api/amazon-pay/complete-checkout', { body: { applicationId, checkoutSessionId: amazonCheckoutSessionId } })
      .catch((err: unknown) => toast('Payment Failed', (err as { serverError?: string }).serverError ?? 'Amazon Pay could not complete the payment.', 'error'))
      .finally(() => setCompleting(false));
  }, [amazonCheckoutSessionId, applicationId]);

  const status = useQuery<ResponseOf<'GET /api/payment-status/{applicationId}'>>({
    queryKey: [apiUrl('GET /api/payment-status/{applicationId}', { params: { applicationId: applicationId ?? '' } })],
    enabled: Boolean(applicationId) && !completing,
    refetchInterval: (query) => {
      const s = query.state.data?.paymentStatus;
      if (s === 'paid' || s === 'refunded' || s === 'failed' || query.state.error) return false;
      return Date.now() - startedAt < POLL_LIMIT_MS ? POLL_INTERVAL_MS : false;
    },
  });
  const paid = status.data?.paymentStatus === 'paid';
  const failed = status.data?.paymentStatus === 'failed';
  const gaveUp = !paid && !failed && timedOut;

  useEffect(() => {
    if (!paid) return;
    try {
      localStorage.removeItem(STORAGE_KEYS.applicationId);
    } catch {}
  }, [paid]);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
        {!applicationId || status.error ? (
          <Card role="alert" className="text-center">
            <h1 className="text-2xl font-bold text-slate-900">We could not find this payment</h1>
            <p className="mt-2 text-slate-600">If you paid, a confirmation email is on its way. Otherwise you can start or resume your application.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <ButtonLink to={paths.wizard()}>Go to the wizard</ButtonLink>
              <ButtonLink to={paths.home} variant="secondary">
                Back to home
              </ButtonLink>
            </div>
          </Card>
        ) : paid ? (
          <Card className="text-center sm:p-10">
            <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <svg viewBox="0 0 24 24" className="h-9 w-9" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </div>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Payment successful</h1>
            <p className="mt-2 text-slate-600">
              Thank you! {status.data?.amountPaidCents ? <>We received {formatCents(status.data.amountPaidCents)}. </> : null}Your LLC formation is under way.
            </p>
            <h2 className="mt-8 text-left text-lg font-semibold text-slate-900">What happens next</h2>
            <ol className="mt-4 space-y-4 text-left">
              {NEXT_STEPS.map((step, i) => (
                <li key={step.title} className="flex gap-4">
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">{i + 1}</span>
                  <div>
                    <p className="font-semibold text-slate-900">{step.title}</p>
                    <p className="text-sm text-slate-600">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <ButtonLink to={paths.home} size="lg" className="mt-8">
              Back to home
            </ButtonLink>
          </Card>
        ) : failed ? (
          <Card role="alert" className="text-center">
            <h1 className="text-2xl font-bold text-slate-900">Your payment did not go through</h1>
            <p className="mt-2 text-slate-600">Nothing was charged. You can try again with another card or payment method.</p>
            <ButtonLink to={paths.checkout(applicationId)} className="mt-6">
              Back to checkout
            </ButtonLink>
          </Card>
        ) : (
          <Card className="text-center sm:p-10">
            <div role="status" aria-live="polite">
              {gaveUp ? null : (
                <div className="mx-auto h-10 w-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" aria-hidden="true" />
              )}
              <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment is being confirmed...</h1>
              <p className="mt-2 text-slate-600">
                {gaveUp
                  ? 'Your payment provider has not confirmed the payment yet. We will email you as soon as it does; there is no need to pay again.'
                  : 'This usually takes a few seconds. Please keep this page open.'}
              </p>
            </div>
          </Card>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
