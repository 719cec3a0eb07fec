import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SUCCESS_TEXTS } from '#shared/content/texts/success.ts';
import { formatCents } from '#shared/money.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ProcessingTime } from '../../components/ProcessingTime.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { makeSiteText } from '../../components/SiteText.tsx';
import { StateDataCredit } from '../../components/StateDataCredit.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { apiCall, apiUrl, type ResponseOf } from '../../lib/api-client.ts';
import { filingSentence } from '../../lib/processing.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';

/** Poll briefly: the provider's confirmation (webhook) usually lands within seconds. */
export const POLL_INTERVAL_MS = 1500;
export const POLL_LIMIT_MS = 90_000;

/** The page's editable texts (page 'success' of the site-text registry). */
const Text = makeSiteText('success', SUCCESS_TEXTS);

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white" aria-hidden="true">
        {n}
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{title}</p>
        <div className="text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/** "What happens next": the email, our filing time and the state's own processing time (docs/product.md "Success page"). */
function NextSteps({ state, expedited }: { state: string | undefined; expedited: boolean }) {
  return (
    <>
      <h2 id="next-steps-title" className="mt-8 text-left text-lg font-semibold text-slate-900">
        <Text k="next.title" />
      </h2>
      <ol className="mt-4 space-y-4 text-left" aria-labelledby="next-steps-title">
        <Step n={1} title="Confirmation email">
          <Text k="next.email" />
        </Step>
        <Step n={2} title="Filing with the state">
          <p>{filingSentence(state, expedited)}</p>
          {state ? (
            <p className="mt-1">
              State processing time: <ProcessingTime code={state} expedited={expedited} testId="success-processing-time" />
            </p>
          ) : null}
        </Step>
        <Step n={3} title="Documents in your vault">
          <Text k="next.documents" />
        </Step>
      </ol>
      {state ? <StateDataCredit className="mt-4 text-left text-xs text-slate-600" /> : null}
    </>
  );
}

/**
 * /success?provider=...&applicationId=...: says what is true for the application's payment status
 * (docs/product.md "Success page"): "Payment successful" only once the payment is recorded; not
 * paid yet, being confirmed, failed, refunded or under review otherwise, each with its way on.
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
    queryFn: () => apiCall('GET /api/payment-status/{applicationId}', { params: { applicationId: applicationId ?? '' } }),
    enabled: Boolean(applicationId) && !completing,
    refetchInterval: (query) => {
      const s = query.state.data?.paymentStatus;
      if (s === 'paid' || s === 'refunded' || s === 'failed' || s === 'needs_review' || query.state.error) return false;
      return Date.now() - startedAt < POLL_LIMIT_MS ? POLL_INTERVAL_MS : false;
    },
  });
  const paymentStatus = status.data?.paymentStatus;
  const paid = paymentStatus === 'paid';
  const gaveUp = paymentStatus === 'pending' && timedOut;
  // The filing state (for the state's processing time); the page works without it.
  const application = useQuery<ResponseOf<'GET /api/llc-applications/{id}'>>({
    queryKey: [apiUrl('GET /api/llc-applications/{id}', { params: { id: applicationId ?? '' } })],
    queryFn: () => apiCall('GET /api/llc-applications/{id}', { params: { id: applicationId ?? '' } }),
    enabled: Boolean(applicationId) && paid,
  });
  const filingState = application.data?.application.state ?? application.data?.pricing.code;
  const expedited = Boolean(application.data?.application.expeditedFiling);

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
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
              <Text k="paid.title" />
            </h1>
            <p className="mt-2 text-slate-600">
              {status.data?.amountPaidCents ? <>We received {formatCents(status.data.amountPaidCents)}. </> : null}
              <Text k="paid.body" />
            </p>
            <NextSteps state={application.isPending ? undefined : filingState} expedited={expedited} />
            <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
              <ButtonLink to={paths.order(applicationId)} size="lg">
                View your order and add your filing details
              </ButtonLink>
              <ButtonLink to={paths.home} size="lg" variant="secondary">
                Back to home
              </ButtonLink>
            </div>
            <p className="mt-6 text-sm text-slate-600">
              On another device later?{' '}
              <Link to={paths.findOrder} className="font-medium text-indigo-700 underline">
                Find your order
              </Link>{' '}
              with the email you gave us.
            </p>
          </Card>
        ) : paymentStatus === 'failed' ? (
          <Card role="alert" className="text-center">
            <h1 className="text-2xl font-bold text-slate-900">Your payment did not go through</h1>
            <p className="mt-2 text-slate-600">Nothing was charged. You can try again with another card or payment method.</p>
            <ButtonLink to={paths.checkout(applicationId)} className="mt-6">
              Back to checkout
            </ButtonLink>
          </Card>
        ) : paymentStatus === 'unpaid' ? (
          <Card className="text-center">
            <h1 className="text-2xl font-bold text-slate-900">This application is not paid yet</h1>
            <p className="mt-2 text-slate-600">We have no payment for it. Nothing was charged: go back to checkout to pay.</p>
            <ButtonLink to={paths.checkout(applicationId)} className="mt-6">
              Back to checkout
            </ButtonLink>
          </Card>
        ) : paymentStatus === 'refunded' ? (
          <Card className="text-center">
            <h1 className="text-2xl font-bold text-slate-900">This payment was refunded</h1>
            <p className="mt-2 text-slate-600">
              {status.data?.amountPaidCents ? <>We refunded {formatCents(status.data.amountPaidCents)}. </> : null}If you did not expect this, please contact
              us.
            </p>
            <ButtonLink to={paths.contact} className="mt-6">
              Contact us
            </ButtonLink>
          </Card>
        ) : paymentStatus === 'needs_review' ? (
          <Card className="text-center">
            <h1 className="text-2xl font-bold text-slate-900">Your payment is being reviewed</h1>
            <p className="mt-2 text-slate-600">
              We received a payment that our team has to check before your filing goes ahead (for example, because it differs from the order total). We will
              contact you; please do not pay again.
            </p>
            <ButtonLink to={paths.contact} variant="secondary" className="mt-6">
              Contact us
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
                  ? 'Your payment provider has not confirmed a payment yet. If you completed the payment, it shows here once confirmed: please do not pay twice. If you did not finish paying, go back to checkout.'
                  : 'This usually takes a few seconds. Please keep this page open.'}
              </p>
            </div>
            {gaveUp ? (
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                <Button onClick={() => void status.refetch()}>Check again</Button>
                <ButtonLink to={paths.checkout(applicationId)} variant="secondary">
                  Back to checkout
                </ButtonLink>
              </div>
            ) : null}
          </Card>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
