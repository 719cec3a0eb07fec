import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { testCardOutcome, type TestCard } from '../../shared/payments/test-cards.ts';
import { fulfilPayment, getApplicationForPayment, recordPaymentFailure, recordPaymentIntent } from '../data/payments.ts';
import { HttpError } from '../lib/http.ts';
import { cardMode, notConfigured } from './mode.ts';
import { assertClientAmount, loadPayable } from './payable.ts';
import { stripeClient } from './stripe.ts';

const OPEN_INTENT_STATES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * POST /api/create-payment-intent: prices the application on the server, refuses a differing
 * client amount, and returns the client secret of a PaymentIntent for exactly that amount
 * (Stripe), or of an offline test intent (local test mode) with the same rules.
 */
export async function startCardPayment(input: { applicationId: string; amount: number }): Promise<{ clientSecret: string }> {
  const mode = await cardMode();
  if (!mode) throw notConfigured('Card payment');
  const { app, order } = await loadPayable(input.applicationId);
  assertClientAmount(input.amount, order);
  const amount = order.totalCents;

  if (mode === 'test') {
    const id = `pi_test_${randomUUID().replace(/-/g, '')}`;
    const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
    if (!(await recordPaymentIntent(app.id, { id, amountCents: amount, provider: 'test', secretHash: sha256(clientSecret) }))) throw new HttpError(409, 'This application has already been paid');
    return { clientSecret };
  }

  const stripe = (await stripeClient())!;
  // Reuse the open intent made for the same amount (a reload, a second tab).
  if (app.paymentIntentId && app.paymentIntentProvider === 'stripe' && app.paymentIntentAmountCents === amount) {
    const existing = await stripe.paymentIntents.retrieve(app.paymentIntentId);
    if (OPEN_INTENT_STATES.has(existing.status) && existing.amount === amount && existing.client_secret) return { clientSecret: existing.client_secret };
  }
  const intent = await stripe.paymentIntents.create(
    {
      amount,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      description: `LLC formation: ${order.state.name}`,
      metadata: { applicationId: app.id, provider: 'stripe' },
    },
    // Same application, amount and previous intent -> same key -> the same intent (double clicks).
    { idempotencyKey: `payment-intent:${app.id}:${amount}:${app.paymentIntentId ?? 'first'}` },
  );
  if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
  if (!(await recordPaymentIntent(app.id, { id: intent.id, amountCents: amount, provider: 'stripe' }))) throw new HttpError(409, 'This application has already been paid');
  return { clientSecret: intent.client_secret };
}

/**
 * POST /api/test-payments/confirm (local test mode only): the offline stand-in for Stripe's
 * confirmation. The test intent must be the application's current one; 4242... is paid through
 * the same fulfilment function as every provider, 4000 0000 0000 0002 is declined.
 */
export async function confirmTestPayment(input: { applicationId: string; clientSecret: string; card: TestCard }): Promise<{ status: 'succeeded' }> {
  if ((await cardMode()) !== 'test') throw new HttpError(404, 'Test payments are not enabled');
  const intentId = input.clientSecret.split('_secret_')[0];
  const app = await getApplicationForPayment(input.applicationId);
  if (!app) throw new HttpError(404, 'Application not found');
  // A repeated confirmation of the intent that paid the application is a success, not a conflict.
  if (app.paymentStatus === 'paid' && app.paymentReference === intentId) return { status: 'succeeded' };
  if (app.paymentStatus === 'paid' || app.paymentStatus === 'refunded') throw new HttpError(409, 'This application has already been paid');
  if (app.paymentIntentId !== intentId || !app.paymentIntentSecretHash || !sameHash(app.paymentIntentSecretHash, sha256(input.clientSecret))) {
    throw new HttpError(409, 'This payment session has expired: refresh the page and try again');
  }
  const outcome = testCardOutcome(input.card.cardNumber);
  if (!outcome.ok) {
    await recordPaymentFailure(app.id, intentId, outcome.message);
    throw new HttpError(402, outcome.message);
  }
  const result = await fulfilPayment({ applicationId: app.id, provider: 'test', reference: intentId, amountCents: app.paymentIntentAmountCents ?? -1, currency: 'usd' });
  if (result.outcome === 'fulfilled' || result.outcome === 'already-recorded') return { status: 'succeeded' };
  if (result.outcome === 'amount-mismatch') throw new HttpError(409, 'The order total changed: refresh the page and pay again');
  if (result.outcome === 'not-found') throw new HttpError(404, 'Application not found');
  throw new HttpError(409, 'This application has already been paid');
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
