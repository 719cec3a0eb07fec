import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putPricedApplication } from '../../tests/fakes/applications.ts';
import { emittedMetrics, metricNames } from '../../tests/helpers/emf.ts';
import { apiEvent, testContext } from '../../tests/helpers/events.ts';
import { fulfilPayment } from '../data/payments.ts';
import { handler as paymentCheck } from '../jobs/payment-check.ts';
import { DomainError, NotFoundError } from './errors.ts';
import { httpHandler } from './http.ts';
import { METRIC_DIMENSIONS, METRICS_NAMESPACE } from './logger.ts';

/**
 * The metrics the Operations stack alarms on or charts (infra/operations.test.ts), each shown to
 * come out of the code that counts it, as the CloudWatch embedded metric format lines Lambda's
 * log group turns into data points.
 */
const FUNCTION_NAME = 'CreatorLlc-prod-Api-Metrics';
beforeAll(() => {
  process.env.AWS_LAMBDA_FUNCTION_NAME = FUNCTION_NAME;
  process.env.STAGE = 'prod';
});
afterAll(() => {
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  delete process.env.STAGE;
});

const call = (fn: Parameters<typeof httpHandler>[0]) =>
  emittedMetrics(async () => (await httpHandler(fn)(apiEvent({ method: 'GET', route: '/api/states' }), testContext())) as { statusCode: number });

describe('ServerError: every 5xx answer of the API middleware', () => {
  it('is emitted, by function and by stage, for an unhandled error (500)', async () => {
    const { result, metrics } = await call(async () => {
      throw new Error('boom');
    });
    expect(result.statusCode).toBe(500);
    expect(metrics).toHaveLength(1);
    expect(metrics[0]).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: METRIC_DIMENSIONS, Metrics: [{ Name: 'ServerError', Unit: 'Count' }] }] },
      FunctionName: FUNCTION_NAME,
      Stage: 'prod',
      ServerError: 1,
    });
  });

  it('is emitted for a domain error of status 5xx (503 not configured) and a returned 502', async () => {
    const thrown = await call(async () => {
      throw new DomainError('not_configured', 'not_configured', 'Card payments are not configured');
    });
    expect(thrown.result.statusCode).toBe(503);
    expect(metricNames(thrown.metrics)).toEqual(['ServerError']);
    const returned = await call(async () => ({ statusCode: 502, body: '{"error":"upstream","code":"upstream"}' }));
    expect(returned.result.statusCode).toBe(502);
    expect(metricNames(returned.metrics)).toEqual(['ServerError']);
  });

  it('is not emitted for a 4xx or a 200', async () => {
    const missing = await call(async () => {
      throw new NotFoundError('Nothing here');
    });
    expect(missing.result.statusCode).toBe(404);
    const ok = await call(async () => ({ statusCode: 200, body: '{}' }));
    expect(ok.result.statusCode).toBe(200);
    expect([...missing.metrics, ...ok.metrics]).toEqual([]);
  });
});

describe('OrderPaid: a payment recorded as paid', () => {
  it('is emitted once when an order becomes paid, not again for the same confirmation', async () => {
    const app = await putPricedApplication();
    const confirmation = { applicationId: app.id, provider: 'stripe' as const, reference: `pi_metrics_${Date.now()}`, amountCents: 27500, currency: 'usd' };
    const first = await emittedMetrics(() => fulfilPayment(confirmation));
    expect(first.result.outcome).toBe('fulfilled');
    expect(metricNames(first.metrics)).toEqual(['OrderPaid']);
    const again = await emittedMetrics(() => fulfilPayment(confirmation));
    expect(again.result.outcome).toBe('already-recorded');
    expect(again.metrics).toEqual([]);
  });
});

describe('NoPaymentMethod: the scheduled payment check', () => {
  let server: Server;
  let answer: { status: number; body: unknown };
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url !== '/api/payment-methods') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.SITE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    process.env.SITE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.SITE_URL;
    await new Promise((resolve) => server.close(resolve));
  });
  const value = (metrics: Record<string, unknown>[]) => metrics.map((m) => m.NoPaymentMethod);
  const methods = (card: unknown) => ({ card, amazonPay: false, klarna: false, applePay: false, cashApp: false });

  it('publishes 0 while the site offers card payment', async () => {
    answer = { status: 200, body: methods({ mode: 'stripe', publishableKey: 'pk_live_x' }) };
    const { result, metrics } = await emittedMetrics(() => paymentCheck());
    expect(result.offered).toBe(true);
    expect(value(metrics)).toEqual([0]);
    expect(metrics[0]).toMatchObject({ Stage: 'prod', _aws: { CloudWatchMetrics: [{ Dimensions: METRIC_DIMENSIONS }] } });
  });

  it('publishes 1 when the site offers no card, answers an error, or does not answer', async () => {
    answer = { status: 200, body: methods(null) };
    expect(value((await emittedMetrics(() => paymentCheck())).metrics)).toEqual([1]);
    answer = { status: 503, body: { error: 'Service unavailable', code: 'unavailable' } };
    const failed = await emittedMetrics(() => paymentCheck());
    expect(failed.result).toEqual({ offered: false, detail: '/api/payment-methods answered 503' });
    expect(value(failed.metrics)).toEqual([1]);
    process.env.SITE_URL = 'http://127.0.0.1:1';
    const unreachable = await emittedMetrics(() => paymentCheck());
    expect(unreachable.result.offered).toBe(false);
    expect(value(unreachable.metrics)).toEqual([1]);
  });

  it('publishes nothing before the stage knows its site address', async () => {
    delete process.env.SITE_URL;
    const { result, metrics } = await emittedMetrics(() => paymentCheck());
    expect(result.offered).toBeUndefined();
    expect(metrics).toEqual([]);
  });
});
