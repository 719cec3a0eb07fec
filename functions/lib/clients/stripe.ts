import type Stripe from 'stripe';
import { config, stripeApiBase } from '../config.ts';
import { getSecret } from '../secrets.ts';

/**
 * The Stripe client, built from the configured secret key (never from the browser). undefined
 * when no key is configured. STRIPE_API_BASE points the SDK at a local fake and is honoured only
 * outside a deployed stack (the handler tests use it).
 */
/**
 * The Stripe resources our functions call. The client's type exposes only these, so a call to
 * another resource is a deliberate change: add it here to use it. (The bundles keep the whole
 * SDK: leaving the other resources out measured under 5 ms of cold start, docs/decisions/0171.)
 */
export const STRIPE_RESOURCES = ['customers', 'paymentIntents', 'paymentMethods', 'refunds', 'tokens'] as const;
type StripeClient = Pick<Stripe, (typeof STRIPE_RESOURCES)[number]>;

let cached: { key: string; client: StripeClient } | undefined;
let sdk: Promise<typeof Stripe> | undefined;

/**
 * The Stripe SDK, imported on first use: it is the largest library the functions carry, and most
 * requests of a function that may call Stripe never do (an autosave that cancels no intent, a
 * webhook with a bad signature). The bundle keeps it as a chunk of its own (docs/decisions/0170).
 */
export function loadStripe(): Promise<typeof Stripe> {
  sdk ??= import('stripe').then((m) => m.default);
  return sdk;
}

export async function stripeClient(): Promise<StripeClient | undefined> {
  const key = await getSecret('stripeSecretKey');
  if (!key) return undefined;
  if (cached?.key === key) return cached.client;
  const base = config().DEPLOYMENT === 'local' ? stripeApiBase() : undefined;
  const target = base ? new URL(base) : undefined;
  const StripeSdk = await loadStripe();
  const client = new StripeSdk(key, {
    maxNetworkRetries: target ? 0 : 2,
    telemetry: false,
    timeout: 20_000,
    ...(target ? { host: target.hostname, port: Number(target.port), protocol: target.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  cached = { key, client };
  return client;
}

/** The provider's message for a failed call, when it is meant for the payer (card errors). */
export function stripeErrorMessage(err: unknown): string | undefined {
  // The SDK's StripeCardError, by its documented `type` (the class is in the SDK, loaded on first use).
  if (err instanceof Error && (err as { type?: unknown }).type === 'StripeCardError') return err.message;
  return undefined;
}
