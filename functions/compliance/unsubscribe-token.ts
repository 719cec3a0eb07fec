import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../lib/config.ts';
import { getSecret } from '../lib/secrets.ts';

/**
 * The unsubscribe link of the deadline reminders: `<application id>.<HMAC>` under the link-signing
 * key, with a purpose of its own so an order-link signature can never stand in for it. It only
 * turns reminders off, so it does not expire (an old email's link keeps working).
 */
async function mac(applicationId: string): Promise<string> {
  const key = await getSecret('linkSigningKey');
  if (!key) throw new Error('LINK_SIGNING_KEY is not configured');
  return createHmac('sha256', key).update(`reminders-unsubscribe.${applicationId}`).digest('base64url');
}

export async function signUnsubscribeToken(applicationId: string): Promise<string> {
  return `${applicationId}.${await mac(applicationId)}`;
}

/** The application a valid token names; undefined for any other string. */
export async function checkUnsubscribeToken(token: string): Promise<string | undefined> {
  const m = /^([0-9a-f-]{36})\.([\w-]{43})$/i.exec(token);
  if (!m) return undefined;
  const expected = Buffer.from(await mac(m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : undefined;
}

/**
 * Where a reminder's links go. `page`: the site's unsubscribe page, the token in the fragment (never
 * sent to a server, so not in access logs); `oneClick`: the List-Unsubscribe URL a mail client
 * POSTs to (RFC 8058), the token in the query because that POST carries no other data.
 */
export async function unsubscribeLinks(applicationId: string): Promise<{ page: string; oneClick: string }> {
  const base = config().SITE_URL ?? 'http://127.0.0.1:3000';
  const token = await signUnsubscribeToken(applicationId);
  return { page: `${base}/reminders/unsubscribe#token=${token}`, oneClick: `${base}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}` };
}
