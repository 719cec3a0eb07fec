import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { logger, METRIC_DIMENSIONS, METRICS_NAMESPACE } from '../../lib/logger.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { handler } from './stripe-webhook.ts';

/** The metrics the webhook's alarms watch (infra/stacks/operations-stack.ts) come out of the handler as EMF lines. */
const SECRET = 'whsec_metrics_test';
const FUNCTION_NAME = 'CreatorLlc-test-StripeWebhook';
let lines: string[] = [];
let level: typeof logger.level;

beforeAll(() => {
  process.env.AWS_LAMBDA_FUNCTION_NAME = FUNCTION_NAME;
});
afterAll(() => {
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  resetSecretsForTests();
});
beforeEach(() => {
  lines = [];
  level = logger.level;
  logger.level = 'ERROR';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  logger.level = level;
});

const payload = JSON.stringify({ id: 'evt_metrics', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });
const deliver = (signature?: string) =>
  invoke(
    handler,
    apiEvent({
      method: 'POST',
      route: '/api/webhook/stripe',
      rawBody: payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    }),
  );

/** The EMF entries written, by metric name. */
function metrics(): Record<string, unknown>[] {
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('"_aws"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('Stripe webhook metrics (CloudWatch embedded metric format)', () => {
  it('emits StripeWebhookBadSignature for a signed delivery that fails verification', async () => {
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
    resetSecretsForTests();
    const res = await deliver(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_another_endpoint' }));
    expect(res.status).toBe(400);
    const [entry] = metrics();
    expect(entry).toMatchObject({
      _aws: {
        CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: METRIC_DIMENSIONS, Metrics: [{ Name: 'StripeWebhookBadSignature', Unit: 'Count' }] }],
      },
      FunctionName: FUNCTION_NAME,
      StripeWebhookBadSignature: 1,
    });
    expect(metrics()).toHaveLength(1);
  });

  it('emits nothing for an unsigned delivery (noise and the smoke test), only the 400', async () => {
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
    resetSecretsForTests();
    expect((await deliver()).status).toBe(400);
    expect(metrics()).toEqual([]);
  });

  it('emits StripeWebhookNotConfigured when no secret is stored', async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetSecretsForTests();
    const res = await deliver(Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(res.status).toBe(503);
    // The 503 is also one of the stage's 5xx answers (the middleware's ServerError).
    expect(metrics()).toMatchObject([
      { FunctionName: FUNCTION_NAME, StripeWebhookNotConfigured: 1 },
      { FunctionName: FUNCTION_NAME, ServerError: 1 },
    ]);
  });
});
