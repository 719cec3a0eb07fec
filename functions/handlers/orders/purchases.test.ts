import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { staffMoveBlocker } from '#shared/application-status.ts';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { deliverablesFor } from '#shared/orders/deliverables.ts';
import { readApplication, setApplicationFields } from '../../../tests/fakes/applications.ts';
import { putPaidOrder } from '../../../tests/fakes/documents.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { refundApplication } from '../../payments/refund.ts';
import { handler as buy } from './purchase.ts';
import { handler as list } from './purchases.ts';

/**
 * Add-ons bought after payment in local test mode (docs/decisions/0424): priced on the server,
 * paid with the offline test card or the card kept at checkout, recorded once, then owed like an
 * add-on bought at checkout (Mark Complete waits for it).
 */

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', zip: '10001' };
const DECLINED = { ...CARD, cardNumber: '4000 0000 0000 0002' };

const offers = async (id: string, resumeSecret?: string | null) =>
  invoke(list, apiEvent({ method: 'GET', route: '/api/orders/{id}/purchases', path: `/api/orders/${id}/purchases`, pathParameters: { id }, resumeSecret }));

// Each purchase from its own address: the payment-start rate limit counts per address.
let ip = 0;
const purchase = (id: string, body: Record<string, unknown>) =>
  invoke(
    buy,
    apiEvent({
      method: 'POST',
      route: '/api/orders/{id}/purchases',
      path: `/api/orders/${id}/purchases`,
      pathParameters: { id },
      body,
      sourceIp: `198.51.100.${(ip++ % 250) + 1}`,
    }),
  );

async function setForm2553Price(usd: number | null) {
  await ddb().send(
    new PutCommand({ TableName: tableName('operatorSettings'), Item: { id: 'OPERATOR', ...EMPTY_OPERATOR_SETTINGS, form2553Usd: usd, version: 1 } }),
  );
}

afterEach(() => setForm2553Price(null));

const paidOrder = (over: Record<string, unknown> = {}) => putPaidOrder('FL', { email: `buyer-${Math.random().toString(36).slice(2)}@example.com`, ...over });

describe('GET /api/orders/{id}/purchases', () => {
  it('offers what the catalog sells after payment, each at its server price, and says what the order has already', async () => {
    await setForm2553Price(79);
    const app = await paidOrder({ feinFiling: true });
    const res = await offers(app.id);
    expect(res.status).toBe(200);
    expect(res.body.refusal).toBeUndefined();
    expect(res.body.savedCard).toBeNull();
    const byKey = Object.fromEntries(res.body.offers.map((o: { key: string }) => [o.key, o]));
    // The home-state registration is offered only to an owner who formed outside their home state.
    expect(Object.keys(byKey)).toEqual(['feinFiling', 'operatingAgreement', 'form2553', 'dbaRegistration']);
    expect(byKey.operatingAgreement).toMatchObject({ status: 'available', totalCents: 5000, lines: [{ label: 'Operating agreement template', amount: 50 }] });
    expect(byKey.form2553).toMatchObject({ status: 'available', totalCents: 7900 });
    expect(byKey.feinFiling).toMatchObject({ status: 'bought' });
    expect(res.body.purchases).toEqual([]);
  });

  it('is the holder’s only: another browser gets 404', async () => {
    const app = await paidOrder();
    expect((await offers(app.id, 'someone-else-secret-0123456789abcdef')).status).toBe(404);
  });

  it('says why an unpaid order cannot buy', async () => {
    const app = await paidOrder({ paymentStatus: 'pending' });
    expect((await offers(app.id)).body.refusal).toMatch(/once the order is paid/);
  });
});

describe('POST /api/orders/{id}/purchases (test card)', () => {
  it('buys the operating agreement: paid once, on the history, the receipt queued, and owed until delivered (Mark Complete waits)', async () => {
    const app = await paidOrder({ status: 'filed' });
    const res = await purchase(app.id, { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: CARD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'paid' });
    expect(res.body.purchases.purchases).toEqual([
      expect.objectContaining({ id: res.body.purchaseId, key: 'operatingAgreement', state: 'paid', totalCents: 5000, cardLast4: '4242', via: 'new-card' }),
    ]);
    expect(res.body.purchases.offers.find((o: { key: string }) => o.key === 'operatingAgreement').status).toBe('bought');
    const item = (await readApplication(app.id))!;
    // The checkout's payment is unchanged: the purchase is a payment of its own.
    expect(item).toMatchObject({ paymentStatus: 'paid', operatingAgreement: false, pricedOrder: { operatingAgreement: false } });
    const owed = deliverablesFor(item);
    expect(owed.find((d) => d.key === 'operating_agreement')).toMatchObject({ by: 'us', delivered: false });
    expect(staffMoveBlocker({ ...item, documents: item.documents ?? [] } as never, 'completed')).toMatch(/operating agreement/i);
    expect(await getMessage(`purchase:${app.id}:${res.body.purchaseId}`)).toMatchObject({
      kind: 'purchase_receipt',
      payload: { name: 'Operating agreement template', total: 50, cardLast4: '4242', reopened: false },
    });
    const activity = await listRecentActivity(50);
    expect(activity.some((a) => a.applicationId === app.id && /Operating agreement template bought after payment: \$50/.test(a.description))).toBe(true);
  });

  it('refuses what the order has (bought at checkout or since), a second purchase and an amount that is not the server price', async () => {
    const app = await paidOrder({ feinFiling: true });
    expect(await purchase(app.id, { addOn: 'feinFiling', amount: 7500, payWith: 'new-card', card: CARD })).toMatchObject({
      status: 409,
      body: { code: 'already_bought' },
    });
    const cheap = await purchase(app.id, { addOn: 'operatingAgreement', amount: 100, payWith: 'new-card', card: CARD });
    expect(cheap).toMatchObject({ status: 409, body: { code: 'amount_changed', amount: 5000 } });
    expect((await readApplication(app.id))!.purchases).toBeUndefined();
    expect((await purchase(app.id, { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: CARD })).status).toBe(200);
    expect(await purchase(app.id, { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: CARD })).toMatchObject({
      status: 409,
      body: { code: 'already_bought' },
    });
    expect((await readApplication(app.id))!.purchases).toHaveLength(1);
  });

  it('prices from the operator setting in force, and freezes it on the purchase', async () => {
    await setForm2553Price(79);
    const app = await paidOrder();
    expect(await purchase(app.id, { addOn: 'form2553', amount: 4900, payWith: 'new-card', card: CARD })).toMatchObject({
      status: 409,
      body: { code: 'amount_changed', amount: 7900 },
    });
    expect((await purchase(app.id, { addOn: 'form2553', amount: 7900, payWith: 'new-card', card: CARD })).status).toBe(200);
    await setForm2553Price(99);
    expect((await readApplication(app.id))!.purchases[0]).toMatchObject({ key: 'form2553', totalCents: 7900, lines: [{ amount: 79 }] });
  });

  it('two purchases of the same add-on at once: one is paid, the other refused', async () => {
    const app = await paidOrder();
    const body = { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: CARD };
    const answers = await Promise.all([purchase(app.id, body), purchase(app.id, body), purchase(app.id, body)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.code).toBe('already_bought');
    expect((await readApplication(app.id))!.purchases.filter((p: { state: string }) => p.state === 'paid')).toHaveLength(1);
  });

  it('two different add-ons at once are both bought', async () => {
    const app = await paidOrder();
    const [a, b] = await Promise.all([
      purchase(app.id, { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: CARD }),
      purchase(app.id, { addOn: 'feinFiling', amount: 7500, payWith: 'new-card', card: CARD }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await readApplication(app.id))!.purchases.map((p: { key: string }) => p.key).sort()).toEqual(['feinFiling', 'operatingAgreement']);
  });

  it('a declined card buys nothing (402)', async () => {
    const app = await paidOrder();
    expect(await purchase(app.id, { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: DECLINED })).toMatchObject({
      status: 402,
      body: { code: 'payment_declined' },
    });
    expect((await readApplication(app.id))!.purchases).toBeUndefined();
  });

  it('a new card needs the card (400 beside the field) and an unknown add-on is a 400', async () => {
    const app = await paidOrder();
    const res = await purchase(app.id, { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card' });
    expect(res).toMatchObject({ status: 400, body: { details: { card: [expect.any(String)] } } });
    expect((await purchase(app.id, { addOn: 'expeditedFiling', amount: 7500, payWith: 'new-card', card: CARD })).status).toBe(400);
  });

  it('only a paid order buys: not an unpaid, refunded or disputed one', async () => {
    const body = { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: CARD };
    expect((await purchase((await paidOrder({ paymentStatus: 'pending' })).id, body)).body.code).toBe('order_not_paid');
    expect((await purchase((await paidOrder({ paymentStatus: 'refunded' })).id, body)).body.code).toBe('cannot_buy');
    expect((await purchase((await paidOrder({ paymentStatus: 'disputed' })).id, body)).body.code).toBe('cannot_buy');
  });

  it('the card kept at checkout is charged at once; without one, 409; a kept card the bank declines, 402', async () => {
    const kept = await paidOrder({ renewalCard: { provider: 'test', paymentMethodId: 'pm_test_4242', last4: '4242', savedAt: new Date().toISOString() } });
    expect((await offers(kept.id)).body.savedCard).toEqual({ last4: '4242' });
    const res = await purchase(kept.id, { addOn: 'feinFiling', amount: 7500, payWith: 'saved-card' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.purchases.purchases[0]).toMatchObject({ state: 'paid', via: 'saved-card', cardLast4: '4242' });
    const none = await paidOrder();
    expect((await purchase(none.id, { addOn: 'feinFiling', amount: 7500, payWith: 'saved-card' })).body.code).toBe('no_saved_card');
    const declined = await paidOrder({ renewalCard: { provider: 'test', paymentMethodId: 'pm_test_0002', last4: '0002', savedAt: new Date().toISOString() } });
    expect((await purchase(declined.id, { addOn: 'feinFiling', amount: 7500, payWith: 'saved-card' })).status).toBe(402);
  });

  it('a completed order that buys an add-on is open again (filed) until it is delivered', async () => {
    const app = await paidOrder();
    await setApplicationFields(app.id, { status: 'completed', completedAt: new Date().toISOString() });
    const res = await purchase(app.id, { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: CARD });
    expect(res.status).toBe(200);
    const item = (await readApplication(app.id))!;
    expect(item.status).toBe('filed');
    expect(item.completedAt).toBeUndefined();
    expect(item.reopenedAt).toEqual(expect.any(String));
    expect(await getMessage(`purchase:${app.id}:${res.body.purchaseId}`)).toMatchObject({ payload: { reopened: true } });
  });

  it('staff refund a purchase on its own: the checkout’s payment is untouched, the customer is emailed, and in full it is no longer owed', async () => {
    const app = await paidOrder({ amountPaidCents: 30000, paymentProvider: 'test', paymentReference: 'pi_test_checkout' });
    const res = await purchase(app.id, { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card', card: CARD });
    const purchaseId = res.body.purchaseId as string;
    const owner = { id: 'owner-1', email: 'owner@example.com', role: 'owner' as const };
    await expect(refundApplication(app.id, { amountCents: 6000, reason: 'Not needed after all', purchaseId }, owner)).rejects.toMatchObject({
      code: 'refund_amount',
    });
    await refundApplication(app.id, { amountCents: 2000, reason: 'Part of it', purchaseId }, owner);
    expect((await readApplication(app.id))!.purchases[0]).toMatchObject({ state: 'paid', refundedCents: 2000 });
    await refundApplication(app.id, { amountCents: 3000, reason: 'Not needed after all', purchaseId }, owner);
    const item = (await readApplication(app.id))!;
    expect(item.purchases[0]).toMatchObject({ state: 'refunded', refundedCents: 5000 });
    expect(item).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 30000 });
    expect(item.amountRefundedCents).toBeUndefined();
    expect(deliverablesFor(item).some((d) => d.key === 'operating_agreement')).toBe(false);
    expect(await getMessage(`refund:${app.id}:${purchaseId}:5000`)).toMatchObject({
      kind: 'refund_sent',
      payload: { amountCents: 3000, full: true, paidCents: 5000 },
    });
    await expect(refundApplication(app.id, { amountCents: 100, reason: 'Again', purchaseId }, owner)).rejects.toMatchObject({ code: 'nothing_to_refund' });
  });
});

async function setDbaFee(usd: number | null) {
  await ddb().send(
    new PutCommand({ TableName: tableName('operatorSettings'), Item: { id: 'OPERATOR', ...EMPTY_OPERATOR_SETTINGS, dbaServiceFeeUsd: usd, version: 1 } }),
  );
}

describe('the DBA bought after payment (test card)', () => {
  it('asks the name (and the county where a county clerk files it) and prices our fee plus the state’s, as the wizard’s line', async () => {
    const fl = (await offers((await paidOrder()).id)).body;
    expect(fl.state).toBe('FL');
    expect(fl.offers.find((o: { key: string }) => o.key === 'dbaRegistration')).toMatchObject({
      status: 'available',
      totalCents: 9900,
      lines: [
        { key: 'dbaRegistration', amount: 49 },
        { key: 'dbaFee', label: 'Florida fictitious name filing fee', amount: 50 },
      ],
      fields: [{ field: 'dbaName', label: 'Creator name to register' }],
    });
    const nv = (await offers((await putPaidOrder('NV', { email: 'nv-dba@example.com' })).id)).body;
    expect(nv.offers.find((o: { key: string }) => o.key === 'dbaRegistration')).toMatchObject({
      status: 'available',
      totalCents: 4900 + 2500,
      fields: [{ field: 'dbaName' }, { field: 'dbaCounty', label: 'County where your business is' }],
    });
  });

  it('buys it: paid, the name set on the order in the same write, owed like one bought at checkout, its price frozen; a second one is refused', async () => {
    await setDbaFee(59);
    const app = await paidOrder({ status: 'filed', dbaCounty: 'Left over' });
    const res = await purchase(app.id, { addOn: 'dbaRegistration', amount: 10900, payWith: 'new-card', card: CARD, dbaName: '@Pixel  Kitchen' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.purchases.purchases).toEqual([
      expect.objectContaining({ key: 'dbaRegistration', state: 'paid', totalCents: 10900, dbaName: 'Pixel Kitchen', cardLast4: '4242' }),
    ]);
    await setDbaFee(79);
    const item = (await readApplication(app.id))!;
    // The checkout's payment is untouched; the purchase keeps the price it was bought at.
    expect(item).toMatchObject({ paymentStatus: 'paid', dbaName: 'Pixel Kitchen', pricedOrder: { state: 'FL' } });
    expect(item.dbaRegistration).toBeFalsy();
    expect(item.dbaCounty).toBeUndefined();
    expect(item.purchases[0]).toMatchObject({
      totalCents: 10900,
      lines: [{ amount: 59 }, { key: 'dbaFee', amount: 50 }],
      details: { dbaName: 'Pixel Kitchen' },
    });
    expect(deliverablesFor(item).find((d) => d.key === 'dba')).toMatchObject({ by: 'us', delivered: false, label: 'DBA: "Pixel Kitchen"' });
    expect(staffMoveBlocker({ ...item, documents: item.documents ?? [] } as never, 'completed')).toMatch(/DBA/);
    expect(await getMessage(`purchase:${app.id}:${res.body.purchaseId}`)).toMatchObject({ payload: { name: 'DBA: your creator name registered', total: 109 } });
    expect(await purchase(app.id, { addOn: 'dbaRegistration', amount: 12900, payWith: 'new-card', card: CARD, dbaName: 'Another Name' })).toMatchObject({
      status: 409,
      body: { code: 'already_bought' },
    });
    expect((await readApplication(app.id))!.purchases).toHaveLength(1);
  });

  it('a county clerk’s state: the county is set on the order with the name', async () => {
    const app = await putPaidOrder('NV', { email: 'nv-buyer@example.com' });
    const res = await purchase(app.id, {
      addOn: 'dbaRegistration',
      amount: 7400,
      payWith: 'new-card',
      card: CARD,
      dbaName: 'Pixel Kitchen',
      dbaCounty: ' Clark ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await readApplication(app.id)).toMatchObject({ dbaName: 'Pixel Kitchen', dbaCounty: 'Clark' });
  });

  it('refuses a bad name or a missing county with 400 beside the field, and writes nothing', async () => {
    const app = await paidOrder();
    const body = { addOn: 'dbaRegistration', amount: 9900, payWith: 'new-card', card: CARD };
    expect(await purchase(app.id, body)).toMatchObject({
      status: 400,
      body: {
        code: 'invalid_details',
        error: 'Enter the creator name to register as a DBA',
        details: { dbaName: ['Enter the creator name to register as a DBA'] },
      },
    });
    expect(await purchase(app.id, { ...body, dbaName: 'Pixel Bank' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_details', error: expect.stringMatching(/"bank".*regulator/), details: { dbaName: [expect.any(String)] } },
    });
    // The wizard's schema for the field: its sentence, beside the field.
    expect(await purchase(app.id, { ...body, dbaName: 'x'.repeat(101) })).toMatchObject({
      status: 400,
      body: { code: expect.any(String), error: expect.any(String), details: { dbaName: ['Creator name is limited to 100 characters'] } },
    });
    expect((await readApplication(app.id))!.purchases).toBeUndefined();
    const nv = await putPaidOrder('NV', { email: 'nv-county@example.com' });
    expect(await purchase(nv.id, { ...body, amount: 7400, dbaName: 'Pixel Kitchen' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_details', details: { dbaCounty: [expect.stringMatching(/^Enter the county where your business is/)] } },
    });
    expect((await readApplication(nv.id))!.purchases).toBeUndefined();
  });

  it('a state with no register says so and sells nothing; an order with a DBA from checkout is refused', async () => {
    // A Kansas order (the fixture's Florida addresses; the state is what the offer reads).
    const ks = await paidOrder({ state: 'KS', pricedOrder: { totalCents: 30000, state: 'KS' } });
    expect((await offers(ks.id)).body.offers.find((o: { key: string }) => o.key === 'dbaRegistration')).toMatchObject({
      status: 'unavailable',
      reason: expect.stringMatching(/^Kansas keeps no register of business names/),
    });
    expect(await purchase(ks.id, { addOn: 'dbaRegistration', amount: 4900, payWith: 'new-card', card: CARD, dbaName: 'Pixel Kitchen' })).toMatchObject({
      status: 409,
      body: { code: 'not_sold_here', error: expect.stringMatching(/keeps no register/) },
    });
    expect((await readApplication(ks.id))!.purchases).toBeUndefined();
    const bought = await paidOrder({ dbaRegistration: true, dbaName: 'Pixel Kitchen', pricedOrder: { totalCents: 30000, state: 'FL', dbaRegistration: true } });
    expect((await offers(bought.id)).body.offers.find((o: { key: string }) => o.key === 'dbaRegistration')).toMatchObject({ status: 'bought' });
    expect(await purchase(bought.id, { addOn: 'dbaRegistration', amount: 9900, payWith: 'new-card', card: CARD, dbaName: 'Other' })).toMatchObject({
      status: 409,
      body: { code: 'already_bought' },
    });
  });
});
