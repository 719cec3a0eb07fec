import { config } from './config.ts';
import { NotConfiguredError } from './errors.ts';
import { getSecret } from './secrets.ts';

/**
 * How card payments run. `test`: the offline test-card flow, allowed only when the product runs
 * locally (a deployed stack sets PAYMENT_MODE=live, and this refuses test mode on AWS even if
 * it were set). `stripe`: Stripe with the configured secret key. null: card not configured.
 */
type CardMode = 'test' | 'stripe' | null;

export async function cardMode(): Promise<CardMode> {
  const cfg = config();
  if (cfg.PAYMENT_MODE === 'test') {
    if (cfg.DEPLOYMENT !== 'local') throw new NotConfiguredError('Test payments are disabled outside local development', 'test_payments_disabled');
    return 'test';
  }
  return (await getSecret('stripeSecretKey')) ? 'stripe' : null;
}

/** 503 with the docs/product.md's "<method> is not configured" sentence. */
export function notConfigured(method: string): NotConfiguredError {
  return new NotConfiguredError(`${method} is not configured`);
}
