import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../lib/config.ts';
import { getSecret } from '../lib/secrets.ts';

/**
 * Signed order links: the way into the order page from an email, with no password. The token
 * rides in the URL fragment (`/orders/{id}#access=<token>`), which browsers never send to a
 * server, so it stays out of access logs and Referer headers; the page exchanges it for the
 * order's resume secret. A token names one order and an expiry, and is void after it.
 */
export const ORDER_LINK_TTL_DAYS = 14;

async function signingKey(): Promise<string> {
  const key = await getSecret('linkSigningKey');
  if (!key) throw new Error('LINK_SIGNING_KEY is not configured');
  return key;
}

function mac(key: string, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

export async function signOrderToken(applicationId: string, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + ORDER_LINK_TTL_DAYS * 24 * 3600;
  const body = `${applicationId}.${expires}`;
  return `${expires}.${mac(await signingKey(), body)}`;
}

export type OrderTokenCheck = 'valid' | 'expired' | 'invalid';

export async function checkOrderToken(applicationId: string, token: string, now = Date.now()): Promise<OrderTokenCheck> {
  const m = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return 'invalid';
  const expected = Buffer.from(mac(await signingKey(), `${applicationId}.${m[1]}`));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(m[1]) * 1000 < now ? 'expired' : 'valid';
}

/** The absolute order-page link an email carries. */
export async function orderLink(applicationId: string): Promise<string> {
  const base = config().SITE_URL ?? 'http://127.0.0.1:3000';
  return `${base}/orders/${encodeURIComponent(applicationId)}#access=${await signOrderToken(applicationId)}`;
}

/**
 * The absolute link that continues an unpaid application in any browser: the wizard for a draft,
 * the checkout for a submitted application, with the same signed token in the fragment; the page
 * exchanges it as the order page does.
 */
export async function continueLink(applicationId: string, at: 'wizard' | 'checkout' = 'checkout'): Promise<string> {
  const base = config().SITE_URL ?? 'http://127.0.0.1:3000';
  const path = at === 'wizard' ? '/wizard/1' : '/checkout';
  return `${base}${path}?applicationId=${encodeURIComponent(applicationId)}#access=${await signOrderToken(applicationId)}`;
}

/** The site's contact page: where a ticket without an order page is answered. */
export function contactLink(): string {
  return `${config().SITE_URL ?? 'http://127.0.0.1:3000'}/contact`;
}

/** The site's "find my order" page, which every customer email links to. */
export function findOrderLink(): string {
  return `${config().SITE_URL ?? 'http://127.0.0.1:3000'}/find-order`;
}
