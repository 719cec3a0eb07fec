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

/**
 * A token for the order's address as it is now: `<expiry>.<HMAC>` for an order whose address
 * never changed (version 0, the form links always had), `<expiry>.<version>.<HMAC>` after a
 * change. The version is signed with the rest, so a link mailed before a change of address names
 * the old version and stops opening the order (../data/applications/contact.ts).
 */
export async function signOrderToken(applicationId: string, now = Date.now(), emailVersion = 0): Promise<string> {
  const expires = Math.floor(now / 1000) + ORDER_LINK_TTL_DAYS * 24 * 3600;
  const key = await signingKey();
  if (!emailVersion) return `${expires}.${mac(key, `${applicationId}.${expires}`)}`;
  return `${expires}.${emailVersion}.${mac(key, `${applicationId}.${expires}.v${emailVersion}`)}`;
}

/** `superseded`: a genuine link for an address the order no longer has. */
export type OrderTokenCheck = 'valid' | 'expired' | 'superseded' | 'invalid';

export async function checkOrderToken(applicationId: string, token: string, now = Date.now(), emailVersion = 0): Promise<OrderTokenCheck> {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?\.([\w-]{43})$/.exec(token);
  if (!m) return 'invalid';
  const version = m[2] === undefined ? 0 : Number(m[2]);
  // A version is written only when it is not 0: "<expiry>.0.<mac>" is no token we made.
  if (m[2] !== undefined && version === 0) return 'invalid';
  const body = version ? `${applicationId}.${m[1]}.v${version}` : `${applicationId}.${m[1]}`;
  const expected = Buffer.from(mac(await signingKey(), body));
  const given = Buffer.from(m[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (version !== emailVersion) return 'superseded';
  return Number(m[1]) * 1000 < now ? 'expired' : 'valid';
}

/** The absolute order-page link an email carries. */
export async function orderLink(applicationId: string, emailVersion = 0): Promise<string> {
  const base = config().SITE_URL ?? 'http://127.0.0.1:3000';
  return `${base}/orders/${encodeURIComponent(applicationId)}#access=${await signOrderToken(applicationId, Date.now(), emailVersion)}`;
}

/**
 * The absolute link that continues an unpaid application in any browser: the wizard for a draft,
 * the checkout for a submitted application, with the same signed token in the fragment; the page
 * exchanges it as the order page does.
 */
export async function continueLink(applicationId: string, at: 'wizard' | 'checkout' = 'checkout', emailVersion = 0): Promise<string> {
  const base = config().SITE_URL ?? 'http://127.0.0.1:3000';
  const path = at === 'wizard' ? '/wizard/1' : '/checkout';
  return `${base}${path}?applicationId=${encodeURIComponent(applicationId)}#access=${await signOrderToken(applicationId, Date.now(), emailVersion)}`;
}

/** The site's contact page: where a ticket without an order page is answered. */
export function contactLink(): string {
  return `${config().SITE_URL ?? 'http://127.0.0.1:3000'}/contact`;
}

/** The site's "find my order" page, which every customer email links to. */
export function findOrderLink(): string {
  return `${config().SITE_URL ?? 'http://127.0.0.1:3000'}/find-order`;
}

/**
 * The "stop this change" link the address on file gets when staff ask to change it:
 * `<change id>.<HMAC>` under the link-signing key, with a purpose of its own so no other signed
 * link can stand in for it. It names one request of one order; a later request needs its own.
 */
async function stopMac(applicationId: string, changeId: string): Promise<string> {
  return mac(await signingKey(), `email-change-stop.${applicationId}.${changeId}`);
}

export async function signEmailChangeStop(applicationId: string, changeId: string): Promise<string> {
  return `${changeId}.${await stopMac(applicationId, changeId)}`;
}

/** The change request a valid stop token of this order names; undefined for any other string. */
export async function checkEmailChangeStop(applicationId: string, token: string): Promise<string | undefined> {
  const m = /^([0-9a-f-]{36})\.([\w-]{43})$/i.exec(token);
  if (!m) return undefined;
  const expected = Buffer.from(await stopMac(applicationId, m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : undefined;
}

/** The site's page that stops a change of address, the token in the fragment (never sent to a server). */
export async function emailChangeStopLink(applicationId: string, changeId: string): Promise<string> {
  const base = config().SITE_URL ?? 'http://127.0.0.1:3000';
  return `${base}/orders/${encodeURIComponent(applicationId)}/email-change#stop=${await signEmailChangeStop(applicationId, changeId)}`;
}
