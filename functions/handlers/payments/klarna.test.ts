import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApplication, putPricedApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { type HttpFake, startHttpFake } from '../../../tests/fakes/http-fake.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { handler as createSession } from './klarna-create-session.ts';
import { handler as placeOrder } from './klarna-place-order.ts';

let klarna: HttpFake;
let orderStatus = 200;

beforeAll(async () => {
  klarna = await startHttpFake((req) => {
    if (req.method === 'POST' && req.path === '/payments/v1/sessions')
      return {
        status: 200,
        body: { session_id: 'ks_1', client_token: 'client-token-abc', payment_method_categories: [{ identifier: 'pay_later', name: 'Pay later' }] },
      };
    if (req.method === 'POST' && req.path.startsWith('/payments/v1/authorizations/')) {
      if (orderStatus !== 200)
        return { status: orderStatus, body: { error_code: 'BAD_VALUE', error_messages: ['Authorization token expired'], correlation_id: 'c1' } };
      return { status: 200, body: { order_id: `order_${req.path.split('/')[4]}`, fraud_status: 'ACCEPTED', redirect_url: 'https://example.invalid' } };
    }
    return undefined;
  });
  process.env.KLARNA_CREDENTIALS = JSON.stringify({ username: 'PK_user', password: 'secret-pass', baseUrl: klarna.url });
  resetSecretsForTests();
});
afterAll(async () => {
  delete process.env.KLARNA_CREDENTIALS;
  resetSecretsForTests();
  await klarna.close();
});

const session = (body: unknown) => invoke(createSession, apiEvent({ method: 'POST', route: '/api/klarna/create-session', body }));
const place = (body: unknown) => invoke(placeOrder, apiEvent({ method: 'POST', route: '/api/klarna/place-order', body }));

describe('Klarna', () => {
  it('creates a session for the server total in cents with Basic auth and zero tax', async () => {
    const app = await putApplication({ state: 'DE', feinFiling: true, operatingAgreement: true });
    const res = await session({ amount: 38500, applicationId: app.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ client_token: 'client-token-abc', session_id: 'ks_1', amount: 38500 });
    const req = klarna.requests.at(-1)!;
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('PK_user:secret-pass').toString('base64')}`);
    const sent = JSON.parse(req.body);
    // DE: 110 filing + 150 service + 75 FEIN + 50 agreement = 385 -> 38500 cents, not the old fixed 29900.
    expect(sent).toMatchObject({ purchase_currency: 'USD', order_amount: 38500, order_tax_amount: 0, merchant_reference1: app.id });
    expect(sent.order_lines.reduce((n: number, l: { total_amount: number }) => n + l.total_amount, 0)).toBe(38500);
  });

  it('refuses a differing client amount without calling Klarna', async () => {
    const app = await putApplication();
    const before = klarna.requests.length;
    const res = await session({ amount: 29900, applicationId: app.id });
    expect(res.status).toBe(409);
    expect(res.body.amount).toBe(27500);
    expect(res.body).toEqual({
      error: 'The order total is $275: the summary has been updated, please review it and pay again',
      code: 'amount_changed',
      amount: 27500,
    });
    expect(klarna.requests).toHaveLength(before);
  });

  it('places the order for the same amount with an idempotency key, then fulfilment', async () => {
    const app = await putPricedApplication({}, { provider: 'klarna' });
    const res = await place({ applicationId: app.id, authorizationToken: 'auth-tok-1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, orderId: 'order_auth-tok-1' });
    const req = klarna.requests.at(-1)!;
    expect(req.path).toBe('/payments/v1/authorizations/auth-tok-1/order');
    expect(req.headers['klarna-idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(JSON.parse(req.body).order_amount).toBe(27500);
    expect(await readApplication(app.id)).toMatchObject({
      paymentStatus: 'paid',
      paymentProvider: 'klarna',
      paymentReference: 'order_auth-tok-1',
      amountPaidCents: 27500,
    });
    // Paid: a second order is refused before Klarna is called.
    const count = klarna.requests.length;
    expect((await place({ applicationId: app.id, authorizationToken: 'auth-tok-2' })).status).toBe(409);
    expect(klarna.requests).toHaveLength(count);
  });

  it("surfaces Klarna's error message and leaves the application unpaid", async () => {
    const app = await putPricedApplication({}, { provider: 'klarna' });
    orderStatus = 400;
    const res = await place({ applicationId: app.id, authorizationToken: 'expired' });
    orderStatus = 200;
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Klarna: Authorization token expired', code: 'provider_error' });
    expect((await readApplication(app.id))?.paymentStatus).toBe('failed');
  });

  it('answers 503 when Klarna is not configured', async () => {
    const saved = process.env.KLARNA_CREDENTIALS;
    delete process.env.KLARNA_CREDENTIALS;
    resetSecretsForTests();
    const res = await session({ applicationId: (await putApplication()).id });
    process.env.KLARNA_CREDENTIALS = saved;
    resetSecretsForTests();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'Klarna is not configured', code: 'not_configured' });
  });
});
