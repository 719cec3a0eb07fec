import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApplication, putPricedApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { type StripeFake, startStripeFake } from '../../../tests/fakes/stripe.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { isApplePayGatewayUrl } from '../../payments/apple-pay.ts';
import { handler as processPayment } from './apple-pay-process-payment.ts';
import { handler as validateMerchant } from './apple-pay-validate-merchant.ts';

const dir = mkdtempSync(join(tmpdir(), 'apple-pay-test-'));
function selfSigned(name: string, cn: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${cn}`,
      '-addext',
      `subjectAltName=DNS:${cn}`,
      '-keyout',
      join(dir, `${name}.key`),
      '-out',
      join(dir, `${name}.crt`),
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(join(dir, `${name}.key`), 'utf8'), cert: readFileSync(join(dir, `${name}.crt`), 'utf8') };
}
const gatewayTls = selfSigned('gateway', 'localhost');
const merchantTls = selfSigned('merchant', 'merchant.com.creatorllc');

let gateway: Server;
const received: { path: string; body: string; clientCn?: string }[] = [];
let stripe: StripeFake;

beforeAll(async () => {
  // A fake Apple gateway that only answers clients presenting the merchant identity certificate.
  gateway = createServer({ key: gatewayTls.key, cert: gatewayTls.cert, requestCert: true, rejectUnauthorized: true, ca: merchantTls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), clientCn: String(peer?.subject?.CN ?? '') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ merchantSessionIdentifier: 'SSH-1', signature: 'sig', epochTimestamp: 1 }));
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', () => r()));
  stripe = await startStripeFake();
  Object.assign(process.env, {
    APPLE_PAY_GATEWAY_ORIGIN: `https://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
    APPLE_PAY_GATEWAY_CA_PEM: gatewayTls.cert,
    APPLE_PAY_CREDENTIALS: JSON.stringify({
      merchantIdentifier: 'merchant.com.creatorllc',
      displayName: 'CreatorLLC',
      domain: 'creatorllc.example',
      certificatePem: merchantTls.cert,
      keyPem: merchantTls.key,
    }),
    STRIPE_SECRET_KEY: 'sk_test_apple',
    STRIPE_API_BASE: stripe.url,
  });
  resetConfigForTests();
  resetSecretsForTests();
});
afterAll(async () => {
  for (const k of ['APPLE_PAY_GATEWAY_ORIGIN', 'APPLE_PAY_GATEWAY_CA_PEM', 'APPLE_PAY_CREDENTIALS', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE'])
    delete process.env[k];
  resetSecretsForTests();
  await new Promise<void>((r) => gateway.close(() => r()));
  await stripe.close();
  rmSync(dir, { recursive: true, force: true });
});

const validate = (validationURL: string, applicationId: string) =>
  invoke(validateMerchant, apiEvent({ method: 'POST', route: '/api/apple-pay/validate-merchant', body: { validationURL, applicationId } }));
const applePayment = (transactionIdentifier: string) => ({
  token: {
    paymentData: {
      version: 'EC_v1',
      data: 'ZW5jcnlwdGVk',
      signature: 'c2ln',
      header: { ephemeralPublicKey: 'a2V5', publicKeyHash: 'aGFzaA==', transactionId: 'abc' },
    },
    paymentMethod: { displayName: 'Visa 1234', network: 'Visa', type: 'debit' },
    transactionIdentifier,
  },
});
const pay = (applicationId: string, transactionIdentifier: string) =>
  invoke(
    processPayment,
    apiEvent({ method: 'POST', route: '/api/apple-pay/process-payment', body: { payment: applePayment(transactionIdentifier), applicationId } }),
  );

describe('Apple Pay merchant validation', () => {
  it('accepts only https URLs on Apple Pay gateway hosts', () => {
    for (const ok of [
      'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway-nc-pod3.apple.com/paymentservices/paymentSession',
      'https://cn-apple-pay-gateway.apple.com/x',
      'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
    ])
      expect(isApplePayGatewayUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com.evil.com/x',
      'https://evil.com/apple-pay-gateway.apple.com',
      'https://user:pw@apple-pay-gateway.apple.com/x',
      'https://apple-pay-gateway.apple.com:8443/x',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/x',
      'not a url',
    ])
      expect(isApplePayGatewayUrl(bad), bad).toBe(false);
  });

  it('refuses any other validation URL with 400 and sends nothing', async () => {
    const app = await putApplication();
    const before = received.length;
    const res = await validate('https://169.254.169.254/latest/meta-data', app.id);
    expect(res.status).toBe(400);
    expect(received).toHaveLength(before);
  });

  it('requests the merchant session over mutual TLS with the merchant certificate', async () => {
    const app = await putApplication();
    const res = await validate('https://apple-pay-gateway.apple.com/paymentservices/paymentSession', app.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ merchantSessionIdentifier: 'SSH-1', signature: 'sig', epochTimestamp: 1 });
    const last = received.at(-1)!;
    expect(last.clientCn).toBe('merchant.com.creatorllc');
    expect(last.path).toBe('/paymentservices/paymentSession');
    expect(JSON.parse(last.body)).toEqual({
      merchantIdentifier: 'merchant.com.creatorllc',
      displayName: 'CreatorLLC',
      initiative: 'web',
      initiativeContext: 'creatorllc.example',
    });
  });
});

describe('Apple Pay payment through Stripe', () => {
  it('turns the token into a Stripe payment for the server amount, then fulfilment', async () => {
    const app = await putPricedApplication({ state: 'WY', feinFiling: true }, { provider: 'apple-pay' });
    const res = await pay(app.id, 'TX-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const token = stripe.requests.find((r) => r.path === '/v1/tokens')!;
    expect(JSON.parse(stripe.form(token).pk_token)).toMatchObject({ version: 'EC_v1' });
    expect(stripe.form(token)).toMatchObject({ pk_token_transaction_id: 'TX-1', pk_token_payment_network: 'Visa', pk_token_instrument_name: 'Visa 1234' });
    const intent = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    // WY: 100 filing + 150 service + 75 expedited.
    expect(stripe.form(intent)).toMatchObject({
      amount: '32500',
      currency: 'usd',
      confirm: 'true',
      'metadata[applicationId]': app.id,
      'metadata[provider]': 'apple-pay',
    });
    expect(intent.headers.authorization).toBe('Bearer sk_test_apple');
    expect(intent.headers['idempotency-key']).toBe(`apple-pay:${app.id}:32500:TX-1:intent`);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', paymentProvider: 'apple-pay', amountPaidCents: 32500 });
  });

  it("returns the card's decline message as { success: false, error }", async () => {
    const app = await putPricedApplication({}, { provider: 'apple-pay' });
    stripe.declineWith = 'Your card has insufficient funds.';
    const res = await pay(app.id, 'TX-2');
    stripe.declineWith = undefined;
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ success: false, error: 'Your card has insufficient funds.', code: 'payment_declined' });
    expect((await readApplication(app.id))?.paymentStatus).toBe('failed');
  });

  it('says Apple Pay is not configured when its credentials are missing', async () => {
    const saved = process.env.APPLE_PAY_CREDENTIALS;
    delete process.env.APPLE_PAY_CREDENTIALS;
    resetSecretsForTests();
    const res = await pay((await putPricedApplication({}, { provider: 'apple-pay' })).id, 'TX-3');
    process.env.APPLE_PAY_CREDENTIALS = saved;
    resetSecretsForTests();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, error: 'Apple Pay is not configured yet. Please use card payment.', code: 'not_configured' });
  });
});
