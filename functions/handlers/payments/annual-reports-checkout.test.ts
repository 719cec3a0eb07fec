import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApplication, readApplication, setApplicationFields } from '../../../tests/fakes/applications.ts';
import { type StripeFake, startStripeFake } from '../../../tests/fakes/stripe.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { processAnnualReportRow } from '../../compliance/annual-report.ts';
import { listRecentActivity } from '../../data/activity.ts';
import type { ReminderRow } from '../../data/reminders.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { GetCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as getApplicationRoute } from '../applications/get.ts';
import { handler as annualReportsView } from '../compliance/annual-reports.ts';
import { handler as createIntent } from './create-payment-intent.ts';
import { handler as stripeWebhook } from './stripe-webhook.ts';
import { handler as testConfirm } from './test-confirm.ts';

/**
 * The annual reports filed for the customer, agreed at checkout (docs/decisions/0434): the opt-in
 * travels with the payment intent's request, is frozen at the price of that moment, and is recorded
 * as the order page's agreement when the payment settles, once however often the webhook comes.
 */
const SECRET = 'whsec_test_secret_for_annual_reports';
const FL_CENTS = 27500;
/** Florida's report: our $99 default plus the state's $138.75. */
const FL_REPORT_CENTS = 23_775;
const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', zip: '10001' };

let caller = 0;
const nextIp = () => `198.51.100.${(++caller % 250) + 1}`;
const startPayment = (applicationId: string, amount: number, extra: Record<string, unknown> = {}) =>
  invoke(
    createIntent,
    apiEvent({ method: 'POST', route: '/api/create-payment-intent', body: { amount, applicationId, provider: 'stripe', ...extra }, sourceIp: nextIp() }),
  );
const orderPageView = (id: string) =>
  invoke(
    annualReportsView,
    apiEvent({ method: 'GET', route: '/api/orders/{id}/annual-reports', path: `/api/orders/${id}/annual-reports`, pathParameters: { id } }),
  );
const chargeRow = async (applicationId: string) =>
  (await ddb().send(new GetCommand({ TableName: tableName('reminders'), Key: { applicationId, series: 'annual-report-charge' } }))).Item;
const agreements = async (id: string) => (await listRecentActivity(200)).filter((a) => a.applicationId === id && a.action === 'annual_report_agreed');

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
  resetSecretsForTests();
}

describe('the checkout offer', () => {
  it("offers Florida's report at our fee plus the state's, with the first report due; says why not in Texas and Alabama", async () => {
    const get = async (state: string) => {
      const app = await putApplication({ state, updatedAt: new Date().toISOString() });
      const res = await invoke(
        getApplicationRoute,
        apiEvent({ method: 'GET', route: '/api/llc-applications/{id}', path: `/api/llc-applications/${app.id}`, pathParameters: { id: app.id } }),
      );
      expect(res.status).toBe(200);
      return res.body.annualReports;
    };
    expect(await get('FL')).toMatchObject({
      available: true,
      serviceUsd: 99,
      stateFeeCents: 13_875,
      priceCents: FL_REPORT_CENTS,
      dueText: 'May 1',
      firstDueOn: expect.stringMatching(/^\d{4}-05-01$/),
    });
    expect(await get('TX')).toEqual({ available: false, reason: expect.stringContaining('free to file') });
    expect(await get('AL')).toEqual({ available: false, reason: expect.stringContaining('has no annual report') });
  });
});

describe('test mode: the test card', () => {
  it('records the agreement with the payment, at the price frozen when it started, and keeps the card for the charges', async () => {
    const app = await putApplication({ state: 'FL' });
    const started = await startPayment(app.id, FL_CENTS, { annualReports: true });
    expect(started.status).toBe(200);
    const frozen = (await readApplication(app.id))?.paymentAnnualReports as Record<string, unknown>;
    expect(frozen).toMatchObject({ state: 'FL', serviceUsd: 99, stateFeeCents: 13_875, priceCents: FL_REPORT_CENTS });
    const paid = await invoke(
      testConfirm,
      apiEvent({
        method: 'POST',
        route: '/api/test-payments/confirm',
        body: { applicationId: app.id, clientSecret: started.body.clientSecret, card: TEST_CARD },
        sourceIp: nextIp(),
      }),
    );
    expect(paid.status).toBe(200);
    const saved = await readApplication(app.id);
    expect(saved).toMatchObject({ paymentStatus: 'paid', annualReportService: frozen, renewalCard: expect.objectContaining({ last4: '4242' }) });
    expect(saved?.paymentAnnualReports).toBeUndefined();
    const view = await orderPageView(app.id);
    expect(view.body).toMatchObject({ status: 'active', priceCents: FL_REPORT_CENTS, cardLast4: '4242', nextDueOn: expect.stringMatching(/-05-01$/) });
    expect(await chargeRow(app.id)).toMatchObject({ queue: 'ANNUAL_REPORT', dueOn: view.body.nextDueOn });
    expect((await getMessage(`annual-report:${app.id}:agreed:${frozen.agreedAt}`))?.payload).toMatchObject({ event: 'agreed', amountCents: FL_REPORT_CENTS });
  });

  it("moves the first report when the state's filing date makes it another one, without a notice or a charge for the first", async () => {
    const app = await putApplication({ state: 'FL' });
    const started = await startPayment(app.id, FL_CENTS, { annualReports: true });
    await invoke(
      testConfirm,
      apiEvent({
        method: 'POST',
        route: '/api/test-payments/confirm',
        body: { applicationId: app.id, clientSecret: started.body.clientSecret, card: TEST_CARD },
        sourceIp: nextIp(),
      }),
    );
    // Dated from the payment: Florida's first report is May 1 of the year after it.
    const row = (await chargeRow(app.id)) as ReminderRow;
    const year = Number(row.dueOn.slice(0, 4));
    expect(row.dueOn).toBe(`${year}-05-01`);
    // The state files the LLC on January 5 of that year: its first report is due the year after.
    await setApplicationFields(app.id, { filedOn: `${year}-01-05` });
    expect(await processAnnualReportRow(row, Date.parse(`${row.sendOn}T16:00:00Z`))).toBe('moved-on');
    expect(await chargeRow(app.id)).toMatchObject({ dueOn: `${year + 1}-05-01`, daysBefore: 30 });
    expect(await getMessage(`annual-report:${app.id}:${row.dueOn}:notice:${row.daysBefore}`)).toBeUndefined();
    expect((await readApplication(app.id))?.annualReportCharge).toBeUndefined();
  });

  it('records nothing without the opt-in, and refuses it (400) where the state sells no paid report', async () => {
    const app = await putApplication({ state: 'FL' });
    const started = await startPayment(app.id, FL_CENTS);
    expect(started.status).toBe(200);
    await invoke(
      testConfirm,
      apiEvent({
        method: 'POST',
        route: '/api/test-payments/confirm',
        body: { applicationId: app.id, clientSecret: started.body.clientSecret, card: TEST_CARD },
        sourceIp: nextIp(),
      }),
    );
    const saved = await readApplication(app.id);
    expect(saved).toMatchObject({ paymentStatus: 'paid' });
    expect(saved?.annualReportService).toBeUndefined();
    expect(saved?.renewalCard).toBeUndefined();
    expect(await chargeRow(app.id)).toBeUndefined();
    expect((await orderPageView(app.id)).body).toMatchObject({ status: 'not-agreed', available: true });

    for (const state of ['TX', 'AL']) {
      const elsewhere = await putApplication({ state });
      const total = (await startPayment(elsewhere.id, 1)).body.amount as number;
      const refused = await startPayment(elsewhere.id, total, { annualReports: true });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'annual_reports_not_sold', error: expect.stringMatching(/free to file|has no annual report/) });
      expect(await readApplication(elsewhere.id)).toMatchObject({ paymentStatus: 'unpaid' });
    }
    expect((await startPayment(app.id, FL_CENTS, { annualReports: 'yes' })).status).toBe(400);
  });
});

describe('Stripe: the webhook records the agreement with the payment', () => {
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake();
    setEnv({
      PAYMENT_MODE: 'live',
      STRIPE_SECRET_KEY: 'sk_test_fake_123',
      STRIPE_API_BASE: stripe.url,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_123',
      STRIPE_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    setEnv({
      PAYMENT_MODE: 'test',
      STRIPE_SECRET_KEY: undefined,
      STRIPE_API_BASE: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
    });
    await stripe.close();
  });

  let seq = 0;
  const succeededEvent = (intent: Record<string, unknown>) =>
    JSON.stringify({
      id: `evt_annual_${Date.now()}_${seq++}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    });
  const deliver = (payload: string) =>
    invoke(
      stripeWebhook,
      apiEvent({
        method: 'POST',
        route: '/api/webhook/stripe',
        rawBody: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      }),
    );

  it('keeps the card, agrees at the frozen price once however often the success is delivered, and the order page shows it agreed', async () => {
    const app = await putApplication({ state: 'FL' });
    // The opt-in changes the payment: the open intent without it is not reused.
    const without = await startPayment(app.id, FL_CENTS);
    const started = await startPayment(app.id, FL_CENTS, { annualReports: true });
    expect(started.status).toBe(200);
    expect(started.body.clientSecret).not.toBe(without.body.clientSecret);
    const intentId = (await readApplication(app.id))?.paymentIntentId as string;
    expect(stripe.intents.get(intentId)).toMatchObject({ setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) });
    // The price in force when the payment started, whatever it is when it settles (here, $89 then).
    const frozen = { ...((await readApplication(app.id))?.paymentAnnualReports as Record<string, unknown>), serviceUsd: 89, priceCents: 22_775 };
    await setApplicationFields(app.id, { paymentAnnualReports: frozen });

    stripe.succeed(intentId);
    const payload = succeededEvent({ ...stripe.intents.get(intentId), payment_method: { id: 'pm_card_4242', card: { last4: '4242' } } });
    expect((await deliver(payload)).body).toMatchObject({ received: true, result: 'fulfilled' });
    // The same event again, and another event of the same payment: nothing more.
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(succeededEvent(stripe.intents.get(intentId) as Record<string, unknown>))).status).toBe(200);

    const saved = await readApplication(app.id);
    expect(saved).toMatchObject({
      paymentStatus: 'paid',
      annualReportService: frozen,
      renewalCard: expect.objectContaining({ customerId: expect.any(String) }),
    });
    expect(await agreements(app.id)).toHaveLength(1);
    expect((await orderPageView(app.id)).body).toMatchObject({ status: 'active', priceCents: 22_775 });
    expect(await chargeRow(app.id)).toMatchObject({ queue: 'ANNUAL_REPORT' });
  });

  it('a payment without the opt-in agrees to nothing', async () => {
    const app = await putApplication({ state: 'FL' });
    await startPayment(app.id, FL_CENTS);
    const intentId = (await readApplication(app.id))?.paymentIntentId as string;
    stripe.succeed(intentId);
    expect((await deliver(succeededEvent(stripe.intents.get(intentId) as Record<string, unknown>))).body).toMatchObject({ result: 'fulfilled' });
    expect((await readApplication(app.id))?.annualReportService).toBeUndefined();
    expect(await agreements(app.id)).toHaveLength(0);
  });
});
