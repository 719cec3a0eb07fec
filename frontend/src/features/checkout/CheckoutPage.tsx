import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PaymentMethodsResponse } from '#shared/api/responses.schema.ts';
import { type AddOnKey, type AddOnSelection, addOnFlags, soldAt } from '#shared/catalog/catalog.ts';
import { formatCents } from '#shared/money.ts';
import { offersOurAgent, registeredAgentRenewalUsd } from '#shared/operator/facts.ts';
import { PAYMENT_METHODS, type PaymentMethodId } from '#shared/payments/methods.ts';
import { type ApplicationOrder, orderFor } from '#shared/payments/order.ts';
import type { TestCard } from '#shared/payments/test-cards.ts';
import { form2553Problem, type OwnersUsPersons } from '#shared/tax/s-corporation-owners.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ContinueLinkOffer } from '../../components/ContinueLinkOffer.tsx';
import { OwnersQuestion } from '../../components/OwnersQuestion.tsx';
import { TestCardForm } from '../../components/payments/TestCardForm.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { TabList } from '../../components/TabList.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { useShownInTransition } from '../../lib/after-paint.ts';
import { ApiError } from '../../lib/api.ts';
import { useOrderAccess } from '../../lib/link-access.ts';
import { useOperatorSettings } from '../../lib/operator.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { AddOnToggles } from './AddOnToggles.tsx';
import { AmazonPayPanel, type AmazonPaySessionConfig } from './AmazonPayPanel.tsx';
import { AnnualReportsOptIn } from './AnnualReportsOptIn.tsx';
import { ApplePayPanel, applePayAvailableInBrowser } from './ApplePayPanel.tsx';
import {
  APPLICATION_ID_KEY,
  type ApplicationWithPricing,
  applicationUrl,
  changedAmount,
  confirmTestPayment,
  createAmazonPaySession,
  createKlarnaSession,
  createPaymentIntent,
  saveAddOn,
  saveOwnersAnswer,
  useApplication,
  usePaymentMethods,
  useStateCosts,
} from './api.ts';
import { KlarnaPanel, type KlarnaSession } from './KlarnaPanel.tsx';
import { OrderSummary, OrderSummarySkeleton } from './OrderSummary.tsx';
import { PAYMENT_TOASTS, showPaymentError, showToast } from './payment-toasts.ts';
import { RenewalCardConsent } from './RenewalCardConsent.tsx';

// Stripe.js is downloaded only when the card tab runs in Stripe mode.
const StripeCardForm = lazy(() => import('../../components/payments/StripeCardForm.tsx'));

const REDIRECT_DELAY_MS = 2000;

function savedApplicationId(): string | null {
  try {
    return localStorage.getItem(APPLICATION_ID_KEY) || null;
  } catch {
    return null;
  }
}

/** This browser continues the application (the wizard and a later checkout find it). */
function rememberApplicationId(id: string): void {
  try {
    localStorage.setItem(APPLICATION_ID_KEY, id);
  } catch {
    // Storage blocked: the link still opens the checkout itself.
  }
}

function onStorageChange(listener: () => void): () => void {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * The application this browser saved: null when there is none, undefined before the browser's
 * storage is read. The page is prerendered (site/pages.ts) as that first render, the same
 * for every visitor: the heading and the order's skeleton. Hydration renders it the same way, and
 * only then reads the storage, so no visitor's HTML disagrees with what hydrates it.
 */
function useSavedApplicationId(): string | null | undefined {
  return useSyncExternalStore(onStorageChange, savedApplicationId, () => undefined);
}

/** /checkout?applicationId=...: add-ons, order summary and the payment methods that are available. */
export default function CheckoutPage() {
  usePageMeta({ title: 'Checkout | CreatorLLC', description: 'Review your LLC order and pay securely.' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const saved = useSavedApplicationId();
  // undefined: not known yet (the prerendered page and its hydration show the skeleton).
  const applicationId = params.get('applicationId') || saved;
  // An emailed "continue" link (#access=<token>) first opens the application in this browser.
  const access = useOrderAccess(applicationId ?? '');
  useEffect(() => {
    if (access.state === 'ready' && applicationId && params.get('applicationId')) rememberApplicationId(applicationId);
  }, [access.state, applicationId, params]);
  const application = useApplication(access.state === 'ready' ? (applicationId ?? null) : null);
  const missing = applicationId === null || (application.error instanceof ApiError && [400, 404].includes(application.error.status));
  // The checkout replaces its skeleton once its three-year figures are in too (or could not be
  // read): the order summary then never grows under the buyer's eyes (layout shift). The skeleton
  // stays while the checkout's first render runs in slices (docs/decisions/0440).
  const arrived = application.data;
  const costs = useStateCosts(arrived?.pricing.code, arrived?.application.residenceState);
  const shown = useShownInTransition(arrived && (costs.data || costs.isError) ? arrived : undefined);

  useEffect(() => {
    if (!missing) return;
    const [title, description] = PAYMENT_TOASTS.missingApplication;
    toast(title, description, 'error');
    const timer = setTimeout(() => navigate(paths.wizard()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [missing, navigate]);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Checkout</h1>
        <p className="mt-2 text-slate-600">Review your order, add anything you need, and pay securely.</p>
        {/* Tall enough, under the heading, to keep the footer below a phone's first screen whatever
            replaces the (taller) skeleton: a short notice must not pull it up into view. */}
        <div className="mt-8 min-h-[45.5rem] lg:min-h-96">
          {missing ? (
            <Card role="status">
              <p className="font-semibold text-slate-900">No application found</p>
              <p className="mt-1 text-slate-600">Taking you to the wizard to start your LLC…</p>
            </Card>
          ) : shown && applicationId ? (
            <Checkout applicationId={applicationId} data={shown} />
          ) : application.error ? (
            <Card role="alert">
              <p className="font-semibold text-slate-900">We could not load your application</p>
              <p className="mt-1 text-slate-600">Please refresh the page to try again.</p>
            </Card>
          ) : (
            <CheckoutSkeleton />
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The checkout's grid before the order is known: the add-ons and payment still to come, the summary's fixed parts. */
function CheckoutSkeleton() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="h-96 animate-pulse rounded-2xl bg-slate-200" aria-hidden="true" />
      <div className="order-first lg:order-none">
        <OrderSummarySkeleton />
      </div>
    </div>
  );
}

const Checkout = memo(function Checkout({ applicationId, data }: { applicationId: string; data: ApplicationWithPricing }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { application, pricing } = data;
  // Every add-on of the application: the toggled ones change here; the others (the DBA, chosen at
  // wizard step 3) are part of the total the server charges.
  const [addOns, setAddOns] = useState<AddOnSelection>(() => addOnFlags(application));
  const [pendingSaves, setPendingSaves] = useState(0);
  const [paying, setPaying] = useState(false);
  // Form 2553 is sold only when every owner may own an S corporation (shared/tax/s-corporation-owners.ts).
  const [owners, setOwners] = useState<OwnersUsPersons>(() => (application.ownersUsPersons as OwnersUsPersons | undefined) ?? '');
  const ownersProblem = form2553Problem(Boolean(addOns.form2553), owners);
  // Checkout's consent to keep the card for the registered agent renewal (asked only where we offer our agent).
  const [saveCard, setSaveCard] = useState(false);
  const operator = useOperatorSettings();
  const renewalOffered = offersOurAgent(operator, pricing.code);
  const keepsCard = renewalOffered && saveCard;
  // The annual reports filed for the customer, agreed with the card payment (docs/decisions/0434): offered where the catalog sells them at checkout.
  const annualOffer = soldAt('annualReports', 'checkout') ? data.annualReports : undefined;
  const [annualReports, setAnnualReports] = useState(false);
  const agreesAnnualReports = Boolean(annualOffer?.available) && annualReports;
  const saving = pendingSaves > 0;
  const order: ApplicationOrder = useMemo(() => orderFor(pricing, addOns, data.addOnPrices), [pricing, addOns, data.addOnPrices]);

  const methods = usePaymentMethods();
  const setupToastShown = useRef(false);
  useEffect(() => {
    if (methods.error && !setupToastShown.current) {
      setupToastShown.current = true;
      showToast('setupFailed');
    }
  }, [methods.error]);

  const refreshApplication = () => queryClient.invalidateQueries({ queryKey: [applicationUrl(applicationId)] });

  const toggle = (key: AddOnKey, on: boolean) => {
    setAddOns((a) => ({ ...a, [key]: on }));
    setPendingSaves((n) => n + 1);
    saveAddOn(applicationId, key, on)
      .catch(() => {
        setAddOns((a) => ({ ...a, [key]: !on }));
        showToast('saveFailed');
      })
      .finally(() => setPendingSaves((n) => n - 1));
  };

  const answerOwners = (value: OwnersUsPersons) => {
    const before = owners;
    setOwners(value);
    setPendingSaves((n) => n + 1);
    saveOwnersAnswer(applicationId, value)
      .catch(() => {
        setOwners(before);
        showToast('saveFailed');
      })
      .finally(() => setPendingSaves((n) => n - 1));
  };

  /** A 409 with the server's amount: show the new total and let the visitor pay again. */
  const handleAmountChanged = (err: unknown): boolean => {
    const amount = changedAmount(err);
    if (amount === undefined) return false;
    toast('Order Total Updated', `Your total is ${formatCents(amount)}. Please review it and pay again.`);
    void refreshApplication();
    return true;
  };

  const payWithTestCard = async (card: TestCard) => {
    setPaying(true);
    try {
      const { clientSecret } = await createPaymentIntent(applicationId, order.totalCents, keepsCard, agreesAnnualReports);
      await confirmTestPayment(applicationId, clientSecret, card);
      navigate(paths.success('stripe', applicationId));
    } catch (err) {
      if (!handleAmountChanged(err)) showPaymentError(err);
      setPaying(false);
    }
  };

  const m = methods.data;
  const cardMode = m?.card?.mode;
  const sessionsReady = Boolean(m) && !saving;

  const stripeIntent = useQuery({
    queryKey: ['stripe-intent', applicationId, order.totalCents, keepsCard, agreesAnnualReports],
    queryFn: () => createPaymentIntent(applicationId, order.totalCents, keepsCard, agreesAnnualReports),
    enabled: sessionsReady && cardMode === 'stripe',
  });
  useEffect(() => {
    if (stripeIntent.error && !handleAmountChanged(stripeIntent.error)) showToast('setupFailed');
    // React to a new error only.
  }, [stripeIntent.error]);

  // Session calls for the other methods: a failure only hides the method (docs/product.md section 7).
  const klarna = useQuery<KlarnaSession>({
    queryKey: ['klarna-session', applicationId, order.totalCents],
    queryFn: () => createKlarnaSession(applicationId, order.totalCents),
    enabled: sessionsReady && Boolean(m?.klarna),
  });
  const amazon = useQuery<AmazonPaySessionConfig>({
    queryKey: ['amazon-pay-session', applicationId, order.totalCents],
    queryFn: () => createAmazonPaySession(applicationId, order.total),
    enabled: sessionsReady && Boolean(m?.amazonPay),
  });

  const available = availableTabs(m, { klarna: !klarna.isError, amazonPay: !amazon.isError, applePayInBrowser: applePayAvailableInBrowser() });
  const [tab, setTab] = useState<PaymentMethodId>('card');
  const activeTab = available.includes(tab) ? tab : (available[0] ?? 'card');

  if (application.paymentStatus === 'paid') {
    return (
      <Card>
        <p className="text-lg font-semibold text-slate-900">This application is already paid</p>
        <p className="mt-1 text-slate-600">There is nothing more to pay. You can see its status on the confirmation page.</p>
        <ButtonLink to={paths.success('stripe', applicationId)} className="mt-4">
          View confirmation
        </ButtonLink>
      </Card>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-6">
        <AddOnToggles value={addOns} onToggle={toggle} disabled={paying} stateCode={pricing.code} prices={data.addOnPrices} />
        {addOns.form2553 ? (
          <Card>
            <OwnersQuestion value={owners} onChange={answerOwners} problem={ownersProblem} disabled={paying} />
          </Card>
        ) : null}
        {annualOffer ? (
          <AnnualReportsOptIn
            offer={annualOffer}
            stateName={pricing.name}
            checked={annualReports}
            onChange={setAnnualReports}
            cardPayment={activeTab === 'card' && Boolean(cardMode)}
            disabled={paying}
          />
        ) : null}
        <ContinueLinkOffer applicationId={applicationId} email={data.application.email || undefined} />
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Payment method</h2>
          {ownersProblem ? (
            <p className="mt-4 text-slate-700" role="status">
              Answer the Form 2553 question above, or turn Form 2553 off, to pay.
            </p>
          ) : methods.isPending ? (
            <div className="mt-4 h-40 animate-pulse rounded-xl bg-slate-100" role="status" aria-label="Loading payment methods" />
          ) : methods.error ? (
            <p className="mt-4 text-slate-700" role="alert">
              Payments could not be set up. Please refresh the page and try again.
            </p>
          ) : (
            <>
              <TabList
                tabs={PAYMENT_METHODS.filter((p) => available.includes(p.id))}
                active={activeTab}
                onChange={setTab}
                label="Payment methods"
                className="mt-4 flex flex-wrap gap-2"
                tabClassName={(selected) =>
                  `rounded-xl border px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                    selected ? 'border-indigo-600 bg-indigo-50 text-indigo-800' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                  }`
                }
              />
              <div id={`panel-${activeTab}`} role="tabpanel" aria-labelledby={`tab-${activeTab}`} className="mt-6">
                {activeTab === 'card' && cardMode && renewalOffered ? (
                  <RenewalCardConsent checked={saveCard} onChange={setSaveCard} priceUsd={registeredAgentRenewalUsd(operator)} disabled={paying} />
                ) : null}
                {activeTab === 'card' && cardMode === 'test' ? <TestCardForm total={order.total} busy={paying || saving} onPay={payWithTestCard} /> : null}
                {activeTab === 'card' && cardMode === 'stripe' && m?.card?.publishableKey ? (
                  stripeIntent.data && !saving ? (
                    <Suspense fallback={<div className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
                      <StripeCardForm
                        publishableKey={m.card.publishableKey}
                        clientSecret={stripeIntent.data.clientSecret}
                        total={order.total}
                        returnUrl={paths.success('stripe', applicationId)}
                        onUnexpected={() => showToast('unexpected')}
                        onDeclined={() => stripeIntent.refetch()}
                      />
                    </Suspense>
                  ) : (
                    <div className="h-48 animate-pulse rounded-xl bg-slate-100" role="status" aria-label="Preparing card payment" />
                  )
                ) : null}
                {activeTab === 'amazonPay' && amazon.data ? <AmazonPayPanel config={amazon.data} /> : null}
                {activeTab === 'klarna' && klarna.data ? <KlarnaPanel applicationId={applicationId} session={klarna.data} total={order.total} /> : null}
                {activeTab === 'applePay' ? (
                  <ApplePayPanel applicationId={applicationId} total={order.total} label={`LLC formation in ${pricing.name}`} />
                ) : null}
              </div>
              <p className="mt-6 flex items-center gap-2 text-xs text-slate-600">
                <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-slate-500" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <rect x="5" y="11" width="14" height="9" rx="2" />
                  <path d="M8 11V8a4 4 0 0 1 8 0v3" />
                </svg>
                Payments are encrypted and processed by our payment providers. We never store your card number.
              </p>
            </>
          )}
        </Card>
        <p className="text-sm text-slate-600">
          Need to change something?{' '}
          <Link to={paths.wizardStep(4)} className="font-semibold text-indigo-700 hover:underline">
            Back to your application
          </Link>
        </p>
      </div>
      {/* On phones the summary comes first, so the total is seen before paying. */}
      <div className="order-first lg:order-none">
        <OrderSummary
          order={order}
          businessName={application.businessName}
          expedited={Boolean(addOns.expeditedFiling)}
          residence={application.residenceState}
        />
      </div>
    </div>
  );
});

/** Tabs in the documented order (docs/product.md section 2, Checkout), each only when its method is available (Cash App Pay never is: no tab). */
export function availableTabs(
  m: PaymentMethodsResponse | undefined,
  ok: { klarna: boolean; amazonPay: boolean; applePayInBrowser: boolean },
): PaymentMethodId[] {
  if (!m) return [];
  const tabs: PaymentMethodId[] = [];
  if (m.card) tabs.push('card');
  if (m.amazonPay && ok.amazonPay) tabs.push('amazonPay');
  if (m.klarna && ok.klarna) tabs.push('klarna');
  if (m.applePay && ok.applePayInBrowser) tabs.push('applePay');
  return tabs;
}
