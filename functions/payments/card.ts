import { randomBytes, randomUUID } from 'node:crypto';
import { soldAt } from '#shared/catalog/catalog.ts';
import type { AnnualReportService } from '#shared/compliance/annual-report-service.ts';
import { alreadyPaid, beginPayment } from '../data/applications/payments.ts';
import { paymentInProgress } from '../data/applications/wizard.ts';
import { getOperatorSettings } from '../data/operator-settings.ts';
import { cardMode, notConfigured } from '../lib/card-mode.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { ValidationError } from '../lib/errors.ts';
import { assertFulfilled } from './fulfilment.ts';
import { assertClientAmount, loadPayable } from './payable.ts';
import { cancelIntentAtStripe, fulfilStripeIntent } from './stripe-intent.ts';
import { sha256 } from './test-payment.ts';

const OPEN_INTENT_STATES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * POST /api/create-payment-intent: prices the application on the server, refuses a differing
 * client amount, freezes the order (beginPayment) and returns the client secret of a
 * PaymentIntent for exactly that amount (Stripe), or of an offline test intent (local test mode)
 * with the same rules.
 */
export async function startCardPayment(
  input: { applicationId: string; amount: number; saveCardForRenewal?: boolean; annualReports?: boolean },
  secret: string | undefined,
): Promise<{ clientSecret: string }> {
  const mode = await cardMode();
  if (!mode) throw notConfigured('Card payment');
  const { app, order } = await loadPayable(input.applicationId, secret);
  assertClientAmount(input.amount, order);
  const amount = order.totalCents;
  const annualReports = input.annualReports === true ? await checkoutAnnualReports(order.state.code) : undefined;
  // The annual reports are charged to this card before each due date: agreeing to them keeps it.
  const savesCard = input.saveCardForRenewal === true || annualReports !== undefined;

  if (mode === 'test') {
    const id = `pi_test_${randomUUID().replace(/-/g, '')}`;
    const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
    await beginPayment(app, order, { id, provider: 'test', secretHash: sha256(clientSecret), savesCard, annualReports });
    return { clientSecret };
  }

  const stripe = (await stripeClient())!;
  // Reuse the open intent of the frozen order (a reload, a second tab): it is already priced.
  if (app.paymentStatus === 'pending' && app.paymentIntentId && app.paymentIntentProvider === 'stripe' && app.pricedOrder?.totalCents === amount) {
    const existing = await stripe.paymentIntents.retrieve(app.paymentIntentId);
    // The open intent is reused only with the same choices, as they are recorded with the payment it belongs to.
    const sameSaving = (existing.setup_future_usage === 'off_session') === savesCard && Boolean(app.paymentAnnualReports) === Boolean(annualReports);
    // An intent a card was declined on is not reused: the customer's retry gets a fresh one (the declined one is cancelled below).
    if (OPEN_INTENT_STATES.has(existing.status) && existing.amount === amount && sameSaving && existing.client_secret && !existing.last_payment_error)
      return { clientSecret: existing.client_secret };
    // The money was taken but its webhook is not recorded yet (a delivery that crashed waits for
    // Stripe's retry): record it now rather than take the money a second time.
    if (existing.status === 'succeeded') {
      // Held for review (it does not match the frozen order) or paid by another payment is said as such, never "already paid".
      assertFulfilled(await fulfilStripeIntent(existing, app.id));
      throw alreadyPaid();
    }
    if (existing.status === 'processing') throw paymentInProgress();
    // Not reused (declined before, another amount or card choice): cancelled, so only the new intent can take money.
    if (OPEN_INTENT_STATES.has(existing.status) && (await cancelIntentAtStripe(stripe, existing.id)) !== 'cancelled') throw paymentInProgress();
  }
  const intent = await stripe.paymentIntents.create(
    {
      amount,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      description: `LLC formation: ${order.state.name}`,
      metadata: { applicationId: app.id, provider: 'stripe' },
      // The card kept for the renewal: attached to a customer of ours once paid (the webhook copies both ids onto the order).
      ...(savesCard ? { customer: await renewalCustomer(app), setup_future_usage: 'off_session' as const } : {}),
    },
    // Same application, amount, saving and previous intent -> same key -> the same intent (double clicks).
    { idempotencyKey: `payment-intent:${app.id}:${amount}:${app.paymentIntentId ?? 'first'}${savesCard ? ':saves-card' : ''}` },
  );
  if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
  await beginPayment(app, order, { id: intent.id, provider: 'stripe', savesCard, annualReports });
  return { clientSecret: intent.client_secret };
}

/** The Stripe customer a card saved for the renewal is attached to: one per order (its idempotency key). */
async function renewalCustomer(app: { id: string; email?: string; firstName?: string; lastName?: string }): Promise<string> {
  const stripe = (await stripeClient())!;
  const name = [app.firstName, app.lastName].filter(Boolean).join(' ');
  const customer = await stripe.customers.create(
    { ...(app.email ? { email: app.email } : {}), ...(name ? { name } : {}), metadata: { applicationId: app.id } },
    { idempotencyKey: `renewal-customer:${app.id}` },
  );
  return customer.id;
}

/**
 * The annual reports agreed at checkout (docs/decisions/0434), at the price of this moment: our fee
 * in force plus the state's fee in the data, frozen with the payment. 400 where the filing state
 * does not sell them (its report is free, there is none, or no yearly date can be read), with the
 * sentence that says why. Imported on use: the state's due-date rules stay out of the cold start.
 */
async function checkoutAnnualReports(state: string): Promise<AnnualReportService> {
  const { annualReportAgreement, annualReportServiceAvailability, ANNUAL_REPORT_SERVICE_DEFAULT_USD } = await import(
    '#shared/compliance/annual-report-service.ts'
  );
  if (!soldAt('annualReports', 'checkout'))
    throw new ValidationError(
      'Annual reports are agreed on the order page',
      { annualReports: ['Annual reports are agreed on the order page'] },
      'annual_reports_not_sold',
    );
  const sold = annualReportServiceAvailability(state);
  const serviceUsd = (await getOperatorSettings()).annualReportServiceUsd ?? ANNUAL_REPORT_SERVICE_DEFAULT_USD;
  const service = annualReportAgreement(state, serviceUsd, new Date().toISOString());
  if (!service) {
    const reason = sold.available ? 'Annual reports are not sold for this state' : sold.reason;
    throw new ValidationError(reason, { annualReports: [reason] }, 'annual_reports_not_sold');
  }
  return service;
}
