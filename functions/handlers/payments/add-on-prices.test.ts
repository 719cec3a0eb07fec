import { describe, expect, it } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS, type OperatorSettings } from '#shared/operator/facts.ts';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { PutCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { handler as getApplication } from '../applications/get.ts';
import { handler as getOrder } from '../orders/get.ts';
import { handler as createIntent } from './create-payment-intent.ts';
import { handler as testConfirm } from './test-confirm.ts';

/**
 * The operator's add-on prices (docs/product.md "DBA"): a new application is priced at the
 * settings of now, and a paid order keeps the prices frozen when its payment started.
 */

let version = 0;
async function setOperatorPrices(settings: Partial<OperatorSettings>): Promise<void> {
  version += 1;
  await ddb().send(new PutCommand({ TableName: tableName('operatorSettings'), Item: { id: 'OPERATOR', ...EMPTY_OPERATOR_SETTINGS, ...settings, version } }));
}

let caller = 0;
const nextIp = () => `198.51.100.${++caller % 250}`;
const view = (id: string) =>
  invoke(getApplication, apiEvent({ method: 'GET', route: '/api/llc-applications/{id}', path: `/api/llc-applications/${id}`, pathParameters: { id } }));
const orderPage = (id: string) => invoke(getOrder, apiEvent({ method: 'GET', route: '/api/orders/{id}', path: `/api/orders/${id}`, pathParameters: { id } }));
type Line = { key?: string; label: string; amount: number };
const dbaLine = (lines: Line[]) => lines.find((l) => l.label === 'DBA: your creator name registered')?.amount;

/** A complete Wyoming application with the DBA (our fee plus Wyoming's $100 trade name fee). */
const wyomingDba = () =>
  putApplication({ state: 'WY', residenceState: 'WY', dbaRegistration: true, dbaName: 'SunnyBites', annualIncome: 80000, updatedAt: new Date().toISOString() });

async function pay(id: string, amountCents: number): Promise<void> {
  const intent = await invoke(
    createIntent,
    apiEvent({ method: 'POST', route: '/api/create-payment-intent', body: { amount: amountCents, applicationId: id, provider: 'stripe' }, sourceIp: nextIp() }),
  );
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', zip: '10001' };
  const confirmed = await invoke(
    testConfirm,
    apiEvent({
      method: 'POST',
      route: '/api/test-payments/confirm',
      body: { applicationId: id, clientSecret: intent.body.clientSecret, card },
      sourceIp: nextIp(),
    }),
  );
  expect(confirmed.body).toEqual({ status: 'succeeded' });
}

describe('the DBA service fee is an operator setting', () => {
  it('unset, the default $49; set, a new application is priced at it and its payment charges it', async () => {
    const before = await wyomingDba();
    const unset = await view(before.id);
    expect(dbaLine(unset.body.order.lines)).toBe(49);
    expect(unset.body.addOnPrices).toEqual({ dbaRegistration: 49, form2553: 49, homeStateRegistration: 99, nyPublication: 99 });

    await setOperatorPrices({ dbaServiceFeeUsd: 79 });
    const app = await wyomingDba();
    const priced = await view(app.id);
    expect(priced.status).toBe(200);
    expect(priced.body.order.lines.filter((l: Line) => l.key?.startsWith('dba'))).toEqual([
      { key: 'dbaRegistration', label: 'DBA: your creator name registered', amount: 79 },
      { key: 'dbaFee', label: 'Wyoming trade name filing fee', amount: 100 },
    ]);
    expect(priced.body.addOnPrices).toEqual({ dbaRegistration: 79, form2553: 49, homeStateRegistration: 99, nyPublication: 99 });
    // The browser's old figure (at $49) is refused with the server's amount.
    const stale = await invoke(
      createIntent,
      apiEvent({
        method: 'POST',
        route: '/api/create-payment-intent',
        body: { amount: priced.body.order.totalCents - 3000, applicationId: app.id, provider: 'stripe' },
        sourceIp: nextIp(),
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'amount_changed', amount: priced.body.order.totalCents });

    await pay(app.id, priced.body.order.totalCents);
    const paid = await readApplication(app.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', amountPaidCents: priced.body.order.totalCents });
    expect(paid?.pricedOrder.addOnPrices).toEqual({ dbaRegistration: 79, form2553: 49, homeStateRegistration: 99, nyPublication: 99 });
  });

  it('a paid order keeps the price it was paid at when the operator changes the setting', async () => {
    await setOperatorPrices({ dbaServiceFeeUsd: 59 });
    const app = await wyomingDba();
    const priced = await view(app.id);
    await pay(app.id, priced.body.order.totalCents);

    await setOperatorPrices({ dbaServiceFeeUsd: 129 });
    // A new application is quoted the new fee...
    expect(dbaLine((await view((await wyomingDba()).id)).body.order.lines)).toBe(129);
    // ...the paid one still reads $59 on its application, its order page's receipt and its total.
    const after = await view(app.id);
    expect(dbaLine(after.body.order.lines)).toBe(59);
    expect(after.body.order.totalCents).toBe(priced.body.order.totalCents);
    const order = await orderPage(app.id);
    expect(order.status).toBe(200);
    expect(dbaLine(order.body.receipt.lines)).toBe(59);
    expect(order.body.receipt.lines.reduce((sum: number, l: Line) => sum + l.amount, 0)).toBe(order.body.receipt.total);
  });

  it('an order paid before the fee was a setting (no frozen prices) keeps the $49 it paid', async () => {
    await setOperatorPrices({ dbaServiceFeeUsd: 99 });
    const app = await putApplication({
      state: 'WY',
      residenceState: 'WY',
      dbaRegistration: true,
      dbaName: 'SunnyBites',
      status: 'submitted',
      paymentStatus: 'paid',
      paidAt: '2026-11-01T12:00:00.000Z',
      amountPaidCents: 37400,
      paymentProvider: 'test',
      pricedOrder: {
        totalCents: 37400,
        state: 'WY',
        expeditedFiling: false,
        feinFiling: false,
        operatingAgreement: false,
        dbaRegistration: true,
        pricedAt: '2026-11-01T12:00:00.000Z',
      },
    });
    expect(dbaLine((await orderPage(app.id)).body.receipt.lines)).toBe(49);
  });
});

describe('"Form 2553 prepared for you" is sold only to owners who may own an S corporation', () => {
  const startPayment = (id: string, amount: number) =>
    invoke(
      createIntent,
      apiEvent({ method: 'POST', route: '/api/create-payment-intent', body: { amount, applicationId: id, provider: 'stripe' }, sourceIp: nextIp() }),
    );

  it('refuses the payment until every owner is said to be a US citizen or resident, with the reason beside the add-on', async () => {
    for (const [answer, sentence] of [
      ['', 'Answer whether every owner is a US citizen or resident'],
      ['no', '26 U.S.C. § 1361(b)(1)(C)'],
    ] as const) {
      const app = await putApplication({ state: 'WY', residenceState: 'WY', form2553: true, ownersUsPersons: answer, updatedAt: new Date().toISOString() });
      const res = await startPayment(app.id, (await view(app.id)).body.order.totalCents);
      expect(res.status).toBe(400);
      expect(res.body.details.form2553[0]).toContain(sentence);
      expect((await readApplication(app.id))?.pricedOrder).toBeUndefined();
    }
  });
});

describe('"Form 2553 prepared for you" is priced in the operator settings', () => {
  it('is a line at the setting, charged and frozen with the order', async () => {
    await setOperatorPrices({ form2553Usd: 65 });
    const app = await putApplication({ state: 'WY', residenceState: 'WY', form2553: true, ownersUsPersons: 'yes', updatedAt: new Date().toISOString() });
    const priced = await view(app.id);
    expect(priced.body.order.lines.find((l: Line) => l.key === 'form2553')).toEqual({ key: 'form2553', label: 'Form 2553 prepared for you', amount: 65 });
    await pay(app.id, priced.body.order.totalCents);
    expect((await readApplication(app.id))?.pricedOrder).toMatchObject({ form2553: true, addOnPrices: { form2553: 65 } });
    await setOperatorPrices({ form2553Usd: 90 });
    const order = await orderPage(app.id);
    expect(order.body.receipt.lines).toContainEqual({ label: 'Form 2553 prepared for you', amount: 65 });
    expect(order.body.deliverables.find((d: { key: string }) => d.key === 'form_2553')).toMatchObject({
      label: 'Form 2553 prepared for you',
      delivered: false,
    });
  });
});
