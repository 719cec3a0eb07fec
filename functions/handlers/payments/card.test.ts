import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { type StripeFake, startStripeFake } from '../../../tests/fakes/stripe.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { handler as updateApplication } from '../applications/update.ts';
import { handler as createIntent } from './create-payment-intent.ts';
import { handler as paymentMethods } from './methods.ts';
import { handler as paymentStatus } from './status.ts';
import { handler as testConfirm } from './test-confirm.ts';

const FL_CENTS = 27500;
const FL_EXPEDITED_CENTS = 35000;
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/40', cvc: '123', zip: '10001' });

// Each call from its own address: this file makes more payment calls than one visitor may per minute.
let caller = 0;
const nextIp = () => `198.51.100.${++caller % 250}`;
const intentFor = (applicationId: string, amount: number) =>
  invoke(
    createIntent,
    apiEvent({ method: 'POST', route: '/api/create-payment-intent', body: { amount, applicationId, provider: 'stripe' }, sourceIp: nextIp() }),
  );
const confirm = (applicationId: string, clientSecret: string, cardNumber: string) =>
  invoke(
    testConfirm,
    apiEvent({ method: 'POST', route: '/api/test-payments/confirm', body: { applicationId, clientSecret, card: card(cardNumber) }, sourceIp: nextIp() }),
  );

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
  resetSecretsForTests();
}

describe('test mode (local default)', () => {
  afterEach(() => setEnv({ PAYMENT_MODE: 'test', DEPLOYMENT: 'local' }));

  it('never charges a tampered amount: 409 with the server amount, nothing recorded', async () => {
    const app = await putApplication({ feinFiling: true });
    const res = await intentFor(app.id, 1);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: expect.stringContaining('$350'), code: 'amount_changed', amount: FL_EXPEDITED_CENTS });
    const saved = await readApplication(app.id);
    expect(saved?.paymentIntentId).toBeUndefined();
    expect(saved?.paymentStatus).toBe('unpaid');
  });

  it('4242 pays the server amount through fulfilment; a repeat confirmation is still a success', async () => {
    const app = await putApplication({ feinFiling: true });
    const res = await intentFor(app.id, FL_CENTS + 7500);
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect((await confirm(app.id, res.body.clientSecret, '4242 4242 4242 4242')).body).toEqual({ status: 'succeeded' });
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 35000, paymentProvider: 'test', status: 'submitted' });
    expect((await confirm(app.id, res.body.clientSecret, '4242424242424242')).status).toBe(200);
    const status = await invoke(
      paymentStatus,
      apiEvent({
        method: 'GET',
        route: '/api/payment-status/{applicationId}',
        path: `/api/payment-status/${app.id}`,
        pathParameters: { applicationId: app.id },
      }),
    );
    expect(status.body).toMatchObject({ applicationId: app.id, paymentStatus: 'paid', amountPaidCents: 35000 });
  });

  it('only an unpaid application carries an expiry (its TTL): starting a payment renews it, the payment removes it', async () => {
    const app = await putApplication({ expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    const res = await intentFor(app.id, FL_CENTS);
    expect(res.status).toBe(200);
    const days = (Number((await readApplication(app.id))?.expiresAt) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await confirm(app.id, res.body.clientSecret, '4242424242424242')).status).toBe(200);
    const paid = await readApplication(app.id);
    expect(paid?.paymentStatus).toBe('paid');
    expect(paid?.expiresAt).toBeUndefined();
  });

  it('declines 4000 0000 0000 0002 with the provider message and records the failure', async () => {
    const app = await putApplication();
    const { body } = await intentFor(app.id, FL_CENTS);
    const res = await confirm(app.id, body.clientSecret, '4000 0000 0000 0002');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'Your card was declined.', code: 'payment_declined' });
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'failed', status: 'draft' });
  });

  it('refuses a forged or stale client secret', async () => {
    const app = await putApplication();
    const { body } = await intentFor(app.id, FL_CENTS);
    expect((await confirm(app.id, `${body.clientSecret}x`, '4242424242424242')).status).toBe(409);
    const second = await intentFor(app.id, FL_CENTS);
    expect((await confirm(app.id, body.clientSecret, '4242424242424242')).status).toBe(409);
    expect((await confirm(app.id, second.body.clientSecret, '4242424242424242')).status).toBe(200);
  });

  it('a payment for an order that no longer matches what was priced is held for review, never recorded as paid', async () => {
    const app = await putApplication();
    const { body } = await intentFor(app.id, FL_CENTS);
    // Written behind the API's back: the API itself refuses a change while a payment is open.
    await putApplication({ ...(await readApplication(app.id)), feinFiling: true });
    const res = await confirm(app.id, body.clientSecret, '4242424242424242');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('payment_needs_review');
    const saved = await readApplication(app.id);
    expect(saved).toMatchObject({
      paymentStatus: 'needs_review',
      status: 'draft',
      review: { reason: 'the order changed after it was priced', amountCents: FL_CENTS },
    });
    expect(saved?.amountPaidCents).toBeUndefined();
  });

  it('refuses an already paid application (409) and an unknown one (404)', async () => {
    const paid = await putApplication({ paymentStatus: 'paid', status: 'submitted' });
    expect((await intentFor(paid.id, FL_CENTS)).status).toBe(409);
    const refunded = await putApplication({ paymentStatus: 'refunded', status: 'submitted' });
    expect((await intentFor(refunded.id, FL_CENTS)).status).toBe(409);
    expect((await readApplication(refunded.id))?.paymentStatus).toBe('refunded');
    expect((await intentFor(randomUUID(), FL_CENTS)).status).toBe(404);
    expect((await intentFor('no-such-application', FL_CENTS)).body).toMatchObject({ details: { applicationId: ['Must be an application id (UUID)'] } });
  });

  it('validates the body', async () => {
    const res = await invoke(createIntent, apiEvent({ method: 'POST', route: '/api/create-payment-intent', body: { amount: 'lots', applicationId: '../x' } }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details)).toEqual(['amount', 'applicationId']);
  });

  it('lists the test card form and hides unconfigured methods', async () => {
    const res = await invoke(paymentMethods, apiEvent({ method: 'GET', route: '/api/payment-methods' }));
    expect(res.body).toEqual({ card: { mode: 'test' }, amazonPay: false, klarna: false, applePay: false, cashApp: false });
  });

  it('is refused in a deployed stack even if configured', async () => {
    setEnv({ DEPLOYMENT: 'aws' });
    const app = await putApplication();
    const res = await intentFor(app.id, FL_CENTS);
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/Test payments are disabled/);
    expect((await confirm(app.id, 'pi_test_x_secret_y', '4242424242424242')).status).toBe(503);
  });
});

describe('Stripe mode against a fake Stripe', () => {
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake();
    setEnv({ PAYMENT_MODE: 'live', STRIPE_SECRET_KEY: 'sk_test_fake_123', STRIPE_API_BASE: stripe.url, STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_123' });
  });
  afterAll(async () => {
    setEnv({ PAYMENT_MODE: 'test', STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined, STRIPE_PUBLISHABLE_KEY: undefined });
    await stripe.close();
  });
  const created = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

  it('creates a PaymentIntent for the server amount with auth, currency, metadata and an idempotency key', async () => {
    const app = await putApplication({ state: 'TX', operatingAgreement: true });
    const res = await intentFor(app.id, 50000);
    expect(res.status).toBe(200);
    const [req] = created().slice(-1);
    expect(req.headers.authorization).toBe('Bearer sk_test_fake_123');
    expect(req.headers['idempotency-key']).toBe(`payment-intent:${app.id}:50000:first`);
    expect(stripe.form(req)).toMatchObject({ amount: '50000', currency: 'usd', 'metadata[applicationId]': app.id });
    expect(res.body.clientSecret).toBe(stripe.intents.get((await readApplication(app.id))?.paymentIntentId)?.client_secret);
    expect(await readApplication(app.id)).toMatchObject({ paymentIntentAmountCents: 50000, paymentStatus: 'pending', paymentIntentProvider: 'stripe' });
  });

  it('reuses the open intent for an unchanged amount and makes a new one when it changes', async () => {
    const app = await putApplication();
    const first = await intentFor(app.id, FL_CENTS);
    const count = created().length;
    expect((await intentFor(app.id, FL_CENTS)).body.clientSecret).toBe(first.body.clientSecret);
    expect(created()).toHaveLength(count);
    // An intent that is no longer open at Stripe (paid, cancelled) or was made for another amount is not reused.
    const firstId = (await readApplication(app.id))?.paymentIntentId;
    stripe.intents.set(firstId, { ...stripe.intents.get(firstId), status: 'canceled' });
    const afterCancel = await intentFor(app.id, FL_CENTS);
    expect(afterCancel.body.clientSecret).not.toBe(first.body.clientSecret);
    expect(created()).toHaveLength(count + 1);
    const secondId = (await readApplication(app.id))?.paymentIntentId;
    expect(secondId).not.toBe(firstId);
    stripe.intents.set(secondId, { ...stripe.intents.get(secondId), amount: 1 });
    expect((await intentFor(app.id, FL_CENTS)).body.clientSecret).not.toBe(afterCancel.body.clientSecret);
    expect(created()).toHaveLength(count + 2);
    await putApplication({ ...(await readApplication(app.id)), feinFiling: true });
    const changed = await intentFor(app.id, FL_EXPEDITED_CENTS);
    expect(changed.body.clientSecret).not.toBe(first.body.clientSecret);
    expect(stripe.form(created().at(-1)!).amount).toBe('35000');
  });

  it('records a payment Stripe took whose webhook is not recorded yet (a crashed delivery) instead of taking it twice', async () => {
    const app = await putApplication();
    expect((await intentFor(app.id, FL_CENTS)).status).toBe(200);
    const intentId = (await readApplication(app.id))?.paymentIntentId;
    expect(stripe.succeed(intentId)).toBe(true);
    const count = created().length;
    // The customer comes back to the checkout: the order is paid, with that payment, and no second intent exists.
    const back = await intentFor(app.id, FL_CENTS);
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('already_paid');
    expect(created()).toHaveLength(count);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: intentId, amountPaidCents: FL_CENTS });
  });

  it('a payment Stripe took that does not match the frozen order is said to be under review, not "already paid"', async () => {
    const app = await putApplication();
    expect((await intentFor(app.id, FL_CENTS)).status).toBe(200);
    const intentId = (await readApplication(app.id))?.paymentIntentId;
    expect(stripe.succeed(intentId)).toBe(true);
    // Stripe took another amount than the one the order was frozen at.
    Object.assign(stripe.intents.get(intentId)!, { amount_received: 100 });
    const back = await intentFor(app.id, FL_CENTS);
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('payment_needs_review');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'needs_review', review: { reference: intentId, amountCents: 100 } });
  });

  it('after a declined card the checkout gets a fresh intent and the declined one is cancelled at Stripe', async () => {
    const app = await putApplication();
    const first = await intentFor(app.id, FL_CENTS);
    const firstId = (await readApplication(app.id))?.paymentIntentId;
    expect(stripe.decline(firstId)).toBe(true);
    const retry = await intentFor(app.id, FL_CENTS);
    expect(retry.status).toBe(200);
    expect(retry.body.clientSecret).not.toBe(first.body.clientSecret);
    expect(stripe.intents.get(firstId)?.status).toBe('canceled');
    expect((await readApplication(app.id))?.paymentIntentId).not.toBe(firstId);
    // Only the new intent can take the money.
    expect(stripe.succeed(firstId)).toBe(false);
  });

  it('a change to an order Stripe was paid for records the payment and says the order is paid, not "in progress" forever', async () => {
    const app = await putApplication({ userId: 'user-change-after-crash' });
    expect((await intentFor(app.id, FL_CENTS)).status).toBe(200);
    const intentId = (await readApplication(app.id))?.paymentIntentId;
    expect(stripe.succeed(intentId)).toBe(true);
    const res = await invoke(
      updateApplication,
      apiEvent({
        method: 'PATCH',
        route: '/api/llc-applications/{id}',
        path: `/api/llc-applications/${app.id}`,
        pathParameters: { id: app.id },
        body: { feinFiling: true },
        sourceIp: nextIp(),
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('application_locked');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: intentId, feinFiling: false });
  });

  it('sends nothing to Stripe for a tampered amount or a paid application', async () => {
    const count = created().length;
    const app = await putApplication();
    expect((await intentFor(app.id, 1)).body).toMatchObject({ amount: FL_CENTS });
    const paid = await putApplication({ paymentStatus: 'paid', status: 'submitted', amountPaidCents: FL_CENTS });
    expect((await intentFor(paid.id, FL_CENTS)).status).toBe(409);
    expect(created()).toHaveLength(count);
    expect(await readApplication(paid.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('surfaces Stripe errors as a 500 without detail, and the test-confirm route is off', async () => {
    const app = await putApplication();
    setEnv({ STRIPE_SECRET_KEY: 'sk_test_other' });
    await stripe.close();
    const res = await intentFor(app.id, FL_CENTS);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal error', code: 'internal_error' });
    expect((await confirm(app.id, 'pi_test_x_secret_y', '4242424242424242')).status).toBe(404);
    stripe = await startStripeFake();
    setEnv({ STRIPE_API_BASE: stripe.url, STRIPE_SECRET_KEY: 'sk_test_fake_123' });
  });

  it('tells the SPA to use Stripe Elements with the publishable key', async () => {
    const res = await invoke(paymentMethods, apiEvent({ method: 'GET', route: '/api/payment-methods' }));
    expect(res.body.card).toEqual({ mode: 'stripe', publishableKey: 'pk_test_fake_123' });
  });
});
