import { siteUrlSetting } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';

/** How long the check waits for the site's answer before counting it as no payment method. */
export const PAYMENT_CHECK_TIMEOUT_MS = 10_000;

export interface PaymentCheckResult {
  /** Whether the site offered card payment; undefined when the stage has no site address yet. */
  offered: boolean | undefined;
  detail: string;
}

/**
 * Scheduled synthetic check: asks the deployed site, as the checkout page does, which payment
 * methods it offers (`GET <SITE_URL>/api/payment-methods`, through CloudFront, the web ACL and the
 * API) and publishes NoPaymentMethod: 1 when no card payment is offered (a missing publishable
 * key or secret key, an error answer, no answer), 0 when one is. The Operations stack's
 * NoPaymentMethod alarm watches it, so a stage where nobody can pay is noticed without a visitor.
 */
export async function handler(): Promise<PaymentCheckResult> {
  const site = siteUrlSetting();
  if (!site) {
    logger.warn('payment check skipped: the stage has no SITE_URL yet (npm run deploy sets it after the first deploy)');
    return { offered: undefined, detail: 'no SITE_URL' };
  }
  const result = await ask(new URL('/api/payment-methods', site));
  logger.metric('NoPaymentMethod', result.offered ? 0 : 1);
  if (!result.offered) logger.error('payment check: the site offers no card payment', { detail: result.detail });
  return result;
}

async function ask(url: URL): Promise<{ offered: boolean; detail: string }> {
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'CreatorLLC-payment-check' },
      signal: AbortSignal.timeout(PAYMENT_CHECK_TIMEOUT_MS),
    });
    if (!res.ok) return { offered: false, detail: `${url.pathname} answered ${res.status}` };
    const body = (await res.json()) as { card?: { mode?: string } | null };
    return body.card ? { offered: true, detail: `card (${body.card.mode ?? 'unknown mode'})` } : { offered: false, detail: 'card: null' };
  } catch (err) {
    return { offered: false, detail: `${url.pathname} did not answer: ${(err as Error).message}` };
  }
}
