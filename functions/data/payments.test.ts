import { describe, expect, it } from 'vitest';
import { putPricedApplication, readApplication, readStats } from '../../tests/fakes/applications.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';
import { getMessage } from '../outbox/outbox.ts';
import { listRecentActivity } from './activity.ts';
import { recordPaymentFailure, recordRefunds } from './applications/payments.ts';
import { claimPaymentEvent, fulfilPayment, markPaymentEventDone, paymentEventDone, releasePaymentEvent } from './payments.ts';

const FL_TOTAL_CENTS = 27500; // 125 filing + 150 service

describe('fulfilPayment', () => {
  it('marks a draft paid and submitted, counts it, and logs one activity entry', async () => {
    const app = await putPricedApplication();
    const before = Number((await readStats()).submitted ?? 0);
    const result = await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_1', amountCents: FL_TOTAL_CENTS, currency: 'usd' });
    expect(result.outcome).toBe('fulfilled');
    const saved = await readApplication(app.id);
    expect(saved).toMatchObject({
      paymentStatus: 'paid',
      amountPaidCents: FL_TOTAL_CENTS,
      paymentProvider: 'stripe',
      paymentReference: 'pi_1',
      status: 'submitted',
      listPartition: 'ALL',
    });
    expect(saved?.paidAt).toMatch(/^\d{4}-/);
    expect(Number((await readStats()).submitted)).toBe(before + 1);
    expect((await listRecentActivity(50)).filter((a) => a.applicationId === app.id && a.action === 'payment_received')).toHaveLength(1);
  });

  it('is idempotent: the same confirmation twice (even concurrently) changes nothing the second time', async () => {
    const app = await putPricedApplication();
    const before = Number((await readStats()).submitted ?? 0);
    const confirm = () => fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_twice', amountCents: FL_TOTAL_CENTS, currency: 'usd' });
    const outcomes = (await Promise.all([confirm(), confirm()])).map((r) => r.outcome).sort();
    expect(outcomes).toEqual(['already-recorded', 'fulfilled']);
    const first = await readApplication(app.id);
    expect((await confirm()).outcome).toBe('already-recorded');
    expect(await readApplication(app.id)).toEqual(first);
    expect(Number((await readStats()).submitted)).toBe(before + 1);
    expect((await listRecentActivity(50)).filter((a) => a.applicationId === app.id && a.action === 'payment_received')).toHaveLength(1);
  });

  it('leaves the counter alone when the application was already submitted', async () => {
    const app = await putPricedApplication({ status: 'submitted', listPartition: 'ALL' });
    const before = Number((await readStats()).submitted ?? 0);
    expect(
      (await fulfilPayment({ applicationId: app.id, provider: 'klarna', reference: 'order_1', amountCents: FL_TOTAL_CENTS, currency: 'usd' })).outcome,
    ).toBe('fulfilled');
    expect(await readApplication(app.id)).toMatchObject({ status: 'submitted', paymentStatus: 'paid', paymentProvider: 'klarna' });
    expect(Number((await readStats()).submitted ?? 0)).toBe(before);
  });

  it('holds a payment that does not match the frozen order for review, and a later payment is a second one', async () => {
    const app = await putPricedApplication({ feinFiling: true });
    expect(await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_low', amountCents: FL_TOTAL_CENTS, currency: 'usd' })).toEqual({
      outcome: 'needs-review',
      reason: 'it is not the $350 the order was priced at',
    });
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'needs_review', review: { reference: 'pi_low', amountCents: FL_TOTAL_CENTS } });
    // The same event again converges on the same state.
    expect(
      (await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_low', amountCents: FL_TOTAL_CENTS, currency: 'usd' })).outcome,
    ).toBe('needs-review');
    expect((await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_ok', amountCents: 35000, currency: 'USD' })).outcome).toBe(
      'paid-by-other-payment',
    );
    expect((await readApplication(app.id))?.paymentStatus).toBe('needs_review');

    const eur = await putPricedApplication({ feinFiling: true });
    expect((await fulfilPayment({ applicationId: eur.id, provider: 'stripe', reference: 'pi_eur', amountCents: 35000, currency: 'eur' })).outcome).toBe(
      'needs-review',
    );

    const ok = await putPricedApplication({ feinFiling: true });
    expect((await fulfilPayment({ applicationId: ok.id, provider: 'stripe', reference: 'pi_ok', amountCents: 35000, currency: 'USD' })).outcome).toBe(
      'fulfilled',
    );
    expect((await fulfilPayment({ applicationId: ok.id, provider: 'stripe', reference: 'pi_other', amountCents: 35000, currency: 'usd' })).outcome).toBe(
      'paid-by-other-payment',
    );
    expect(await readApplication(ok.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: 'pi_ok' });
  });

  it('reports an unknown application', async () => {
    expect((await fulfilPayment({ applicationId: 'nope', provider: 'stripe', reference: 'pi_x', amountCents: 1, currency: 'usd' })).outcome).toBe('not-found');
  });
});

describe('failures, refunds and event ids', () => {
  it('records a failure only while unpaid, and a refund only of the recorded payment', async () => {
    const app = await putPricedApplication({}, { id: 'pi_f' });
    // A failure of an intent that is not the order's open one (an earlier attempt) changes nothing.
    expect(await recordPaymentFailure(app.id, 'pi_earlier', 'Your card was declined.')).toBe(false);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'pending', paymentIntentId: 'pi_f' });
    expect(await recordPaymentFailure(app.id, 'pi_f', 'Your card was declined.')).toBe(true);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'failed', paymentError: 'Your card was declined.' });
    await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_paid', amountCents: FL_TOTAL_CENTS, currency: 'usd' });
    // The successful payment clears the earlier failure.
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: 'pi_paid' });
    expect((await readApplication(app.id))?.paymentError).toBeUndefined();
    expect(await recordPaymentFailure(app.id, 'pi_late', 'late failure')).toBe(false);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid' });
    const whole = { id: 're_whole', amountCents: FL_TOTAL_CENTS, reason: 'asked', source: 'provider' as const, at: new Date().toISOString() };
    expect(await recordRefunds(app.id, 'pi_other', [whole])).toBe('not-matching');
    expect(await recordRefunds(app.id, 'pi_paid', [whole])).toBe('recorded');
    expect(await recordRefunds(app.id, 'pi_paid', [whole])).toBe('already-recorded');
    expect(await readApplication(app.id)).toMatchObject({
      paymentStatus: 'refunded',
      amountRefundedCents: FL_TOTAL_CENTS,
      refundedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect((await listRecentActivity(50)).filter((a) => a.applicationId === app.id && a.action === 'payment_refunded')).toHaveLength(1);
  });

  it('claims an event id with a lease: busy while held, done once recorded, a released claim can be taken again', async () => {
    expect(await claimPaymentEvent('evt_1', 'payment_intent.succeeded')).toBe('claimed');
    expect(await claimPaymentEvent('evt_1', 'payment_intent.succeeded')).toBe('busy');
    await releasePaymentEvent('evt_1');
    expect(await claimPaymentEvent('evt_1', 'payment_intent.succeeded')).toBe('claimed');
    await markPaymentEventDone('evt_1', 'fulfilled');
    expect(await claimPaymentEvent('evt_1', 'payment_intent.succeeded')).toBe('done');
    // A done event is never released: a failing replay cannot make it run again.
    await releasePaymentEvent('evt_1');
    expect(await claimPaymentEvent('evt_1', 'payment_intent.succeeded')).toBe('done');
  });

  it('takes over a claim whose lease ran out (its run died without releasing it)', async () => {
    expect(await claimPaymentEvent('evt_lease', 'payment_intent.succeeded')).toBe('claimed');
    const key = { TableName: tableName('paymentEvents'), Key: { eventId: 'evt_lease' } };
    const held = (await ddb().send(new GetCommand({ ...key, ConsistentRead: true }))).Item;
    expect(held).toMatchObject({ state: 'processing' });
    expect(held?.leaseUntil).toBeGreaterThan(Date.now() + 50_000);
    // The lease ends (as it does 60 s after a crash): the next delivery claims the event.
    await ddb().send(new UpdateCommand({ ...key, UpdateExpression: 'SET leaseUntil = :past', ExpressionAttributeValues: { ':past': Date.now() - 1 } }));
    expect(await claimPaymentEvent('evt_lease', 'payment_intent.succeeded')).toBe('claimed');
    expect(await claimPaymentEvent('evt_lease', 'payment_intent.succeeded')).toBe('busy');
  });

  it('marks the event done in the same transaction that records the payment', async () => {
    const app = await putPricedApplication();
    expect(await claimPaymentEvent('evt_paid', 'payment_intent.succeeded')).toBe('claimed');
    const result = await fulfilPayment(
      { applicationId: app.id, provider: 'stripe', reference: 'pi_with_event', amountCents: FL_TOTAL_CENTS, currency: 'usd' },
      (outcome) => paymentEventDone('evt_paid', outcome),
    );
    expect(result.outcome).toBe('fulfilled');
    const item = (await ddb().send(new GetCommand({ TableName: tableName('paymentEvents'), Key: { eventId: 'evt_paid' }, ConsistentRead: true }))).Item;
    expect(item).toMatchObject({ state: 'done', outcome: 'fulfilled' });
    expect(item?.leaseUntil).toBeUndefined();
    expect(await claimPaymentEvent('evt_paid', 'payment_intent.succeeded')).toBe('done');
  });

  it('keeps a claimed event 30 days (DynamoDB TTL), longer than any provider retries', async () => {
    const before = Math.floor(Date.now() / 1000);
    expect(await claimPaymentEvent('evt_ttl', 'payment_intent.succeeded')).toBe('claimed');
    const after = Math.floor(Date.now() / 1000);
    const item = (await ddb().send(new GetCommand({ TableName: tableName('paymentEvents'), Key: { eventId: 'evt_ttl' }, ConsistentRead: true }))).Item;
    expect(item).toMatchObject({ eventId: 'evt_ttl', type: 'payment_intent.succeeded' });
    expect(item?.ttl).toBeGreaterThanOrEqual(before + 30 * 24 * 3600);
    expect(item?.ttl).toBeLessThanOrEqual(after + 30 * 24 * 3600);
  });

  it('stores at most 500 characters of a provider failure message', async () => {
    const app = await putPricedApplication({}, { id: 'pi_long' });
    const long = `Declined: ${'x'.repeat(600)}`;
    expect(await recordPaymentFailure(app.id, 'pi_long', long)).toBe(true);
    expect((await readApplication(app.id))?.paymentError).toBe(long.slice(0, 500));
  });
});

describe('the receipt email', () => {
  it('is queued in the payment transaction, once, with what was paid', async () => {
    const app = await putPricedApplication({ feinFiling: true, email: 'receipt@example.com' });
    expect((await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_receipt', amountCents: 35000, currency: 'usd' })).outcome).toBe(
      'fulfilled',
    );
    await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_receipt', amountCents: 35000, currency: 'usd' });
    const message = await getMessage(`paid:${app.id}`);
    expect(message).toMatchObject({ kind: 'payment_received', to: 'receipt@example.com', status: 'pending', payload: { total: 350, provider: 'card' } });
    expect((message!.payload as { lines: { label: string }[] }).lines.map((l) => l.label)).toContain('FEIN (EIN) filing');
  });

  it('is not queued for money held for review', async () => {
    const app = await putPricedApplication({ feinFiling: true, email: 'review@example.com' });
    await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_short', amountCents: 100, currency: 'usd' });
    expect(await getMessage(`paid:${app.id}`)).toBeUndefined();
  });
});
