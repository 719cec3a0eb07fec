import { config } from '../lib/config.ts';
import { HttpError } from '../lib/http.ts';
import { getSecret } from '../lib/secrets.ts';

/**
 * How card payments run. `test`: the offline test-card flow, allowed only when the product runs
 * locally (a deployed stack sets PAYMENT_MODE=live, and this refuses test mode on AWS even if
 * it were set). `stripe`: Stripe with the configured secret key. null: card not configured.
 */
export type CardMode = 'test' | 'stripe' | null;

export async function cardMode(): Promise<CardMode> {
  const cfg = config();
  if (cfg.PAYMENT_MODE === 'test') {
    if (cfg.DEPLOYMENT !== 'local') throw new HttpError(503, 'Test payments are disabled outside local development');
    return 'test';
  }
  return (await getSecret('stripeSecretKey')) ? 'stripe' : null;
}

/** 503 with the docs/product.md's "<method> is not configured" sentence. */
export function notConfigured(method: string): HttpError {
  return new HttpError(503, `${method} is not configured`);
}
