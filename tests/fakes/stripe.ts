import { randomBytes } from 'node:crypto';
import { type HttpFake, type RecordedRequest, startHttpFake } from './http-fake.ts';

/**
 * A fake of the Stripe API parts we use (PaymentIntents, Customers, Refunds, Tokens, PaymentMethods), honouring
 * idempotency keys like Stripe. `declineWith` makes confirmations fail with a card error.
 */
export interface StripeFake extends HttpFake {
  intents: Map<string, Record<string, unknown>>;
  /** Refunds by id (made through the API, or put here as if made in Stripe's dashboard). */
  refunds: Map<string, Record<string, unknown>>;
  /** What the browser's confirmation does at Stripe: the intent succeeds (false if it could not). */
  succeed(intentId: string): boolean;
  /** The browser's confirmation is declined: the intent keeps the error and can be confirmed again (false if it could not). */
  decline(intentId: string, message?: string): boolean;
  declineWith?: string;
  /** Form fields of a request (Stripe's SDK sends application/x-www-form-urlencoded). */
  form(req: RecordedRequest): Record<string, string>;
}

const form = (req: RecordedRequest) => Object.fromEntries(new URLSearchParams(req.body));

export async function startStripeFake(): Promise<StripeFake> {
  const intents = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const state: { declineWith?: string } = {};
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

  const route = (req: RecordedRequest): { status: number; body: unknown } | undefined => {
    const key = req.headers['idempotency-key'] as string | undefined;
    if (key && byIdempotencyKey.has(`${req.path}|${key}`)) return byIdempotencyKey.get(`${req.path}|${key}`);
    const f = form(req);
    let answer: { status: number; body: unknown } | undefined;
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const piId = id('pi');
      const metadata = Object.fromEntries(
        Object.entries(f)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const confirm = f.confirm === 'true';
      if (confirm && fake.declineWith) {
        answer = { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: fake.declineWith } } };
      } else {
        const intent = {
          id: piId,
          object: 'payment_intent',
          amount: Number(f.amount),
          amount_received: confirm ? Number(f.amount) : 0,
          currency: f.currency,
          status: confirm ? 'succeeded' : 'requires_payment_method',
          client_secret: `${piId}_secret_${randomBytes(8).toString('hex')}`,
          metadata,
          // A card kept for later (checkout's renewal consent), and a charge of a kept card.
          ...(f.setup_future_usage ? { setup_future_usage: f.setup_future_usage } : {}),
          ...(f.customer ? { customer: f.customer } : {}),
          ...(f.payment_method ? { payment_method: f.payment_method } : {}),
        };
        intents.set(piId, intent);
        answer = { status: 200, body: intent };
      }
    } else if (req.method === 'GET' && req.path.startsWith('/v1/payment_intents/')) {
      const intent = intents.get(req.path.split('/')[3].split('?')[0]);
      answer = intent ? { status: 200, body: intent } : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
    } else if (req.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/cancel$/.test(req.path)) {
      // Stripe cancels an intent only while no money has moved on it.
      const intent = intents.get(req.path.split('/')[3]);
      if (!intent) answer = { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
      else if (['succeeded', 'processing', 'canceled'].includes(String(intent.status)))
        answer = {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}` },
          },
        };
      else {
        intent.status = 'canceled';
        answer = { status: 200, body: intent };
      }
    } else if (req.method === 'POST' && req.path === '/v1/refunds') {
      const intent = intents.get(f.payment_intent);
      const metadata = Object.fromEntries(
        Object.entries(f)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const already = [...refunds.values()].filter((r) => r.payment_intent === f.payment_intent).reduce((sum, r) => sum + Number(r.amount), 0);
      const amount = f.amount ? Number(f.amount) : Number(intent?.amount ?? 0) - already;
      if (!intent) answer = { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
      // Stripe refuses more than is left of the charge.
      else if (amount < 1 || already + amount > Number(intent.amount_received || intent.amount))
        answer = {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Refund amount is greater than the unrefunded amount' } },
        };
      else {
        const refund = {
          id: id('re'),
          object: 'refund',
          amount,
          payment_intent: intent.id,
          status: 'succeeded',
          reason: f.reason ?? null,
          metadata,
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        answer = { status: 200, body: refund };
      }
    } else if (req.method === 'GET' && req.path.startsWith('/v1/refunds')) {
      const intentId = new URLSearchParams(req.path.split('?')[1] ?? '').get('payment_intent');
      const data = [...refunds.values()].filter((r) => !intentId || r.payment_intent === intentId).reverse();
      answer = { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    } else if (req.method === 'POST' && req.path === '/v1/tokens') {
      answer = f.pk_token
        ? { status: 200, body: { id: id('tok'), object: 'token', type: 'card' } }
        : { status: 400, body: { error: { type: 'invalid_request_error', message: 'pk_token required' } } };
    } else if (req.method === 'POST' && req.path === '/v1/customers') {
      answer = { status: 200, body: { id: id('cus'), object: 'customer', email: f.email ?? null } };
    } else if (req.method === 'POST' && req.path === '/v1/payment_methods') {
      answer = { status: 200, body: { id: id('pm'), object: 'payment_method', type: 'card' } };
    }
    if (answer && key) byIdempotencyKey.set(`${req.path}|${key}`, answer);
    return answer;
  };
  const server = await startHttpFake(route);
  const succeed = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent || intent.status === 'canceled' || intent.status === 'succeeded') return false;
    // The browser's confirmation picks the card; a customer's intent keeps it attached (setup_future_usage).
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, payment_method: intent.payment_method ?? id('pm') });
    return true;
  };
  const decline = (intentId: string, message = 'Your card was declined.') => {
    const intent = intents.get(intentId);
    if (!intent || intent.status === 'canceled' || intent.status === 'succeeded') return false;
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message } });
    return true;
  };
  const fake: StripeFake = Object.assign(server, { intents, refunds, form, succeed, decline, declineWith: state.declineWith });
  return fake;
}
