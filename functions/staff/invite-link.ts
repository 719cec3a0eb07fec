import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../lib/config.ts';
import { getSecret } from '../lib/secrets.ts';

/**
 * Staff invitation links: `/staff/accept#invite=<person>.<invitation>.<expiry>.<signature>`. The
 * signature (HMAC-SHA256 with the link-signing key) is made when the email is sent, so the outbox
 * and the staff table never hold a working link; the token rides in the URL fragment, which
 * browsers never send to a server. The accept routes check the signature, the expiry, and that
 * the invitation is still the person's current one (a reset or a removal voids older links).
 */
const PURPOSE = 'staff-invite';

async function signingKey(): Promise<string> {
  const key = await getSecret('linkSigningKey');
  if (!key) throw new Error('LINK_SIGNING_KEY is not configured');
  return key;
}

const mac = (key: string, body: string) => createHmac('sha256', key).update(`${PURPOSE}.${body}`).digest('base64url');

export interface InviteClaim {
  personId: string;
  inviteId: string;
}

export async function signInviteToken(claim: InviteClaim, expiresAt: string): Promise<string> {
  const body = `${claim.personId}.${claim.inviteId}.${Math.floor(Date.parse(expiresAt) / 1000)}`;
  return `${body}.${mac(await signingKey(), body)}`;
}

/** The claim of a genuine, unexpired token; `expired` or `invalid` otherwise. */
export async function checkInviteToken(token: string, now = Date.now()): Promise<InviteClaim | 'expired' | 'invalid'> {
  const m = /^([\w-]{8,64})\.([\w-]{8,64})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return 'invalid';
  const expected = Buffer.from(mac(await signingKey(), `${m[1]}.${m[2]}.${m[3]}`));
  const given = Buffer.from(m[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (Number(m[3]) * 1000 < now) return 'expired';
  return { personId: m[1], inviteId: m[2] };
}

/** The absolute link an invitation email carries. */
export async function staffInviteLink(claim: InviteClaim, expiresAt: string): Promise<string> {
  const base = config().SITE_URL ?? 'http://127.0.0.1:3000';
  return `${base}/staff/accept#invite=${await signInviteToken(claim, expiresAt)}`;
}
