import Stripe from 'stripe';
import { runIfMain } from './cli.ts';
import { stripeWebhookSecretSetting } from './config.ts';

/**
 * `npm run smoke -- --url https://www.example.com [--webhook-secret whsec_...] [--wait <seconds>]`
 *
 * Requests a deployed (or local, `npm start`) site the way a first visitor, a customer paying,
 * Stripe and the owner would, and fails with one line per broken check:
 * - the prerendered pages and the SPA's staff sign-in page load (200, HTML);
 * - `/api/states` answers the states with their prices;
 * - `/api/payment-methods` offers a card (Stripe Elements with a publishable key on AWS; the
 *   offline test-card form locally);
 * - the staff sign-in's first step answers a made-up account with 401 and a JSON `{error, code}`;
 * - the Stripe webhook refuses an unsigned event with 400 and, given the stored `whsec_` secret
 *   (`--webhook-secret` or STRIPE_WEBHOOK_SECRET), accepts a signed test event (`smoke.test`, a
 *   type the product ignores, so nothing is recorded).
 * Nothing it sends changes an order; the failed sign-in counts towards that made-up account only.
 * `--wait` first waits, up to that many seconds, until `/api/states` answers (a server just started).
 */

export interface SmokeOptions {
  url: string;
  webhookSecret?: string;
  /** Per request; a cold start of a function is well under it. */
  timeoutMs?: number;
  /** Wait up to this long for the site to answer before checking. */
  waitSeconds?: number;
}

export interface SmokeResult {
  name: string;
  ok: boolean;
  detail: string;
}

export const SMOKE_PAGES = ['/', '/pricing', '/wizard/1', '/checkout', '/staff/login'] as const;

/** The event type the signed webhook check sends: not one the product handles, so it is only acknowledged. */
export const SMOKE_EVENT_TYPE = 'smoke.test';

export function parseSmokeArgs(argv: string[], env?: NodeJS.ProcessEnv): SmokeOptions {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const url = value('--url');
  if (!url) throw new Error('Usage: npm run smoke -- --url https://www.example.com [--webhook-secret whsec_...]');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url must be the site's address, such as https://www.example.com (got "${url}")`);
  }
  const webhookSecret = value('--webhook-secret') ?? stripeWebhookSecretSetting(env);
  if (webhookSecret !== undefined && !webhookSecret.startsWith('whsec_')) throw new Error('--webhook-secret must be the endpoint signing secret (whsec_...)');
  const wait = value('--wait');
  const waitSeconds = wait === undefined ? undefined : Number(wait);
  if (waitSeconds !== undefined && !(waitSeconds > 0)) throw new Error('--wait takes a number of seconds');
  return { url: parsed.origin, ...(webhookSecret ? { webhookSecret } : {}), ...(waitSeconds ? { waitSeconds } : {}) };
}

/** Resolves once `/api/states` answers 200; throws after `seconds`. Polls every half second. */
export async function waitUntilAnswering(options: SmokeOptions, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await request({ ...options, timeoutMs: 5_000 }, '/api/states');
      if (res.status === 200) return;
      last = `answered ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${options.url} did not answer /api/states within ${seconds} s (${last})`);
}

async function request(options: SmokeOptions, path: string, init: RequestInit = {}): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(new URL(path, options.url), { ...init, redirect: 'follow', signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const isErrorBody = (body: unknown): body is { error: string; code: string } =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' && typeof (body as { code?: unknown }).code === 'string';

type Check = { name: string; run: (options: SmokeOptions) => Promise<string> };

const checks: Check[] = [
  ...SMOKE_PAGES.map(
    (path): Check => ({
      name: `page ${path}`,
      run: async (options) => {
        const page = await request(options, path);
        if (page.status !== 200) throw new Error(`answered ${page.status}`);
        if (!page.type.includes('text/html')) throw new Error(`answered ${page.type || 'no content type'}, not HTML`);
        if (!/<html[\s>]/i.test(page.body)) throw new Error('answered a body that is not an HTML page');
        return `200, ${page.body.length} bytes`;
      },
    }),
  ),
  {
    name: 'GET /api/states',
    run: async (options) => {
      const res = await request(options, '/api/states');
      const states = parseJson(res.body);
      if (res.status !== 200 || !Array.isArray(states)) throw new Error(`answered ${res.status}: ${res.body.slice(0, 200)}`);
      if (states.length < 50) throw new Error(`listed ${states.length} states, expected every state`);
      return `${states.length} states`;
    },
  },
  {
    name: 'GET /api/payment-methods offers a card',
    run: async (options) => {
      const res = await request(options, '/api/payment-methods');
      const methods = parseJson(res.body) as { card?: { mode?: string; publishableKey?: string } | null } | undefined;
      if (res.status !== 200 || !methods) throw new Error(`answered ${res.status}: ${res.body.slice(0, 200)}`);
      const card = methods.card;
      if (!card) throw new Error('no card payment offered: set stripePublishableKey in config/<stage>.json and store stripeSecretKey (docs/deploy.md)');
      if (card.mode === 'stripe' && !card.publishableKey?.startsWith('pk_')) throw new Error('a Stripe card without a publishable key');
      return card.mode === 'stripe' ? `Stripe, ${card.publishableKey?.slice(0, 8)}...` : `${card.mode} (offline test cards)`;
    },
  },
  {
    name: 'POST /api/staff/login (first step)',
    run: async (options) => {
      const res = await request(options, '/api/staff/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'smoke-test@example.invalid', password: 'not-a-real-password-0' }),
      });
      const body = parseJson(res.body);
      if (res.status !== 401 || !isErrorBody(body))
        throw new Error(`a made-up account answered ${res.status}: ${res.body.slice(0, 200)} (expected 401 {error, code})`);
      return `401 ${body.code}`;
    },
  },
  {
    name: 'POST /api/webhook/stripe refuses an unsigned event',
    run: async (options) => {
      const res = await request(options, '/api/webhook/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'evt_smoke_unsigned', object: 'event', type: SMOKE_EVENT_TYPE, data: { object: {} } }),
      });
      const body = parseJson(res.body);
      if (res.status === 503) throw new Error('answered 503: the webhook secret is not stored (npm run secrets:set -- --only stripeWebhookSecret)');
      if (res.status !== 400 || !isErrorBody(body)) throw new Error(`answered ${res.status}: ${res.body.slice(0, 200)} (expected 400 {error, code})`);
      return `400 ${body.code}`;
    },
  },
];

const signedWebhook: Check = {
  name: 'POST /api/webhook/stripe accepts a signed test event',
  run: async (options) => {
    const payload = JSON.stringify({
      id: `evt_smoke_${Date.now()}`,
      object: 'event',
      type: SMOKE_EVENT_TYPE,
      created: Math.floor(Date.now() / 1000),
      data: { object: {} },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret ?? '' });
    const res = await request(options, '/api/webhook/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    if (res.status !== 200) throw new Error(`answered ${res.status}: ${res.body.slice(0, 200)} (is the stored whsec_ secret the one given?)`);
    return '200';
  },
};

/** Runs every check (none stops the others) and returns each one's outcome. */
export async function runSmoke(options: SmokeOptions): Promise<SmokeResult[]> {
  const all = options.webhookSecret ? [...checks, signedWebhook] : checks;
  const results: SmokeResult[] = [];
  for (const check of all) {
    try {
      results.push({ name: check.name, ok: true, detail: await check.run(options) });
    } catch (err) {
      results.push({ name: check.name, ok: false, detail: (err as Error).message });
    }
  }
  return results;
}

async function main(argv: string[]): Promise<void> {
  const options = parseSmokeArgs(argv);
  if (options.waitSeconds) await waitUntilAnswering(options, options.waitSeconds);
  const results = await runSmoke(options);
  for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.name}: ${r.detail}`);
  if (!options.webhookSecret) console.log('- signed webhook event: skipped (give --webhook-secret whsec_... to check it)');
  const failed = results.filter((r) => !r.ok);
  if (failed.length) throw new Error(`smoke: ${failed.length} of ${results.length} checks failed against ${options.url}`);
  console.log(`smoke: ${results.length} checks passed against ${options.url}`);
}

runIfMain(import.meta.url, () => main(process.argv.slice(2)));
