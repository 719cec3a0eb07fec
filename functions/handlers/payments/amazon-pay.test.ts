import { createHash, constants as cryptoConstants, generateKeyPairSync, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApplication, putPricedApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { type HttpFake, type RecordedRequest, startHttpFake } from '../../../tests/fakes/http-fake.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { handler as completeCheckout } from './amazon-pay-complete.ts';
import { handler as createSession } from './amazon-pay-create-session.ts';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ALGORITHM = 'AMZN-PAY-RSASSA-PSS-V2';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const pssVerify = (stringToSign: string, signature: string) =>
  verify(
    'sha256',
    Buffer.from(stringToSign),
    { key: publicKey, padding: cryptoConstants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
    Buffer.from(signature, 'base64'),
  );

/** Checks a request's Amazon Pay signature the way Amazon does, with the merchant's public key. */
function signatureValid(req: RecordedRequest): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m = /^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=([^,]+), SignedHeaders=([^,]+), Signature=(.+)$/.exec(auth);
  if (!m) return false;
  const names = m[2].split(';');
  let canonical = `${req.method}\n${req.path}\n\n`;
  for (const n of names) canonical += `${n}:${req.headers[n]}\n`;
  canonical += `\n${m[2]}\n${sha256(req.body)}`;
  return pssVerify(`${ALGORITHM}\n${sha256(canonical)}`, m[3]);
}

let amazon: HttpFake;
let completeAnswer: (req: RecordedRequest) => { status: number; body: unknown };

beforeAll(async () => {
  amazon = await startHttpFake((req) => (req.path.endsWith('/complete') ? completeAnswer(req) : undefined));
  process.env.AMAZON_PAY_API_BASE = amazon.url;
  process.env.AMAZON_PAY_CREDENTIALS = JSON.stringify({
    publicKeyId: 'SANDBOX-AHXYZ123',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    storeId: 'amzn1.application-oa2-client.store',
    merchantId: 'A1MERCHANT',
    region: 'us',
    sandbox: true,
  });
  resetSecretsForTests();
});
afterAll(async () => {
  delete process.env.AMAZON_PAY_API_BASE;
  delete process.env.AMAZON_PAY_CREDENTIALS;
  resetSecretsForTests();
  await amazon.close();
});

describe('Amazon Pay', () => {
  it('signs a checkout-session payload for the server amount', async () => {
    const app = await putApplication({ feinFiling: true });
    const res = await invoke(
      createSession,
      apiEvent({ method: 'POST', route: '/api/amazon-pay/create-session', body: { amount: '350', applicationId: app.id } }),
    );
    expect(res.status).toBe(200);
    const payload = JSON.parse(res.body.payloadJSON);
    expect(payload.paymentDetails.chargeAmount).toEqual({ amount: '350.00', currencyCode: 'USD' });
    expect(payload.merchantMetadata.merchantReferenceId).toBe(app.id);
    expect(payload.webCheckoutDetails.checkoutResultReturnUrl).toBe(`http://127.0.0.1:3000/success?provider=amazon-pay&applicationId=${app.id}`);
    expect(res.body.publicKeyId).toBe('SANDBOX-AHXYZ123');
    expect(pssVerify(`${ALGORITHM}\n${sha256(res.body.payloadJSON)}`, res.body.signature)).toBe(true);
  });

  it('refuses a differing dollar amount: nothing signed, nothing sent to Amazon', async () => {
    const app = await putApplication();
    const requestsBefore = amazon.requests.length;
    const res = await invoke(
      createSession,
      apiEvent({ method: 'POST', route: '/api/amazon-pay/create-session', body: { amount: '1.00', applicationId: app.id } }),
    );
    expect(res.status).toBe(409);
    expect(res.body.amount).toBe(27500);
    expect(res.body).toEqual({
      error: 'The order total is $275: the summary has been updated, please review it and pay again',
      code: 'amount_changed',
      amount: 27500,
    });
    expect(res.body).not.toHaveProperty('payloadJSON');
    expect(res.body).not.toHaveProperty('signature');
    expect(amazon.requests).toHaveLength(requestsBefore);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'unpaid' });
  });

  it('400s a malformed dollar amount with the field named, before any lookup or signing', async () => {
    const requestsBefore = amazon.requests.length;
    for (const amount of ['275.5.0', '$275', '-275', '2.755', 'lots', '']) {
      // An unknown application: the amount is refused before the application is looked up.
      const res = await invoke(
        createSession,
        apiEvent({ method: 'POST', route: '/api/amazon-pay/create-session', body: { amount, applicationId: '00000000-0000-4000-8000-000000000000' } }),
      );
      expect(res.status, amount).toBe(400);
      expect(res.body, amount).toEqual({
        error: 'Request body is invalid: check amount',
        code: 'invalid_request',
        details: { amount: ['amount must be a dollar amount such as "425" or "425.00"'] },
      });
    }
    expect(amazon.requests).toHaveLength(requestsBefore);
  });

  it('completes the checkout session with a signed request for the same amount, then fulfilment', async () => {
    const app = await putPricedApplication({}, { provider: 'amazon-pay' });
    completeAnswer = (req) => ({
      status: 200,
      body: {
        checkoutSessionId: req.path.split('/')[3],
        chargeId: 'S01-CHARGE-1',
        statusDetails: { state: 'Completed' },
        merchantMetadata: { merchantReferenceId: app.id },
        chargeAmount: JSON.parse(req.body).chargeAmount,
      },
    });
    const res = await invoke(
      completeCheckout,
      apiEvent({ method: 'POST', route: '/api/amazon-pay/complete-checkout', body: { applicationId: app.id, checkoutSessionId: 'cs-123' } }),
    );
    expect(res.status).toBe(200);
    const req = amazon.requests.at(-1)!;
    expect(req.path).toBe('/v2/checkoutSessions/cs-123/complete');
    expect(JSON.parse(req.body)).toEqual({ chargeAmount: { amount: '275.00', currencyCode: 'USD' } });
    expect(signatureValid(req)).toBe(true);
    expect(await readApplication(app.id)).toMatchObject({
      paymentStatus: 'paid',
      paymentProvider: 'amazon-pay',
      paymentReference: 'S01-CHARGE-1',
      amountPaidCents: 27500,
    });
  });

  it("surfaces Amazon's decline and leaves the application unpaid", async () => {
    const app = await putPricedApplication({}, { provider: 'amazon-pay' });
    completeAnswer = () => ({ status: 400, body: { reasonCode: 'CheckoutSessionCanceled', message: 'The buyer canceled the checkout.' } });
    const res = await invoke(
      completeCheckout,
      apiEvent({ method: 'POST', route: '/api/amazon-pay/complete-checkout', body: { applicationId: app.id, checkoutSessionId: 'cs-456' } }),
    );
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('Amazon Pay: CheckoutSessionCanceled - The buyer canceled the checkout.');
    expect((await readApplication(app.id))?.paymentStatus).toBe('failed');
  });

  it('refuses a checkout session that belongs to another application', async () => {
    const app = await putPricedApplication({}, { provider: 'amazon-pay' });
    completeAnswer = () => ({
      status: 200,
      body: { chargeId: 'S01-X', statusDetails: { state: 'Completed' }, merchantMetadata: { merchantReferenceId: 'someone-else' } },
    });
    const res = await invoke(
      completeCheckout,
      apiEvent({ method: 'POST', route: '/api/amazon-pay/complete-checkout', body: { applicationId: app.id, checkoutSessionId: 'cs-789' } }),
    );
    expect(res.status).toBe(409);
    expect((await readApplication(app.id))?.paymentStatus).toBe('failed');
  });
});
