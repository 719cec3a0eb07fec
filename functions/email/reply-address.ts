import { createHmac, timingSafeEqual } from 'node:crypto';
import { inboundEmailDomainSetting } from '../lib/config.ts';
import { getSecret } from '../lib/secrets.ts';

/**
 * The address a conversation email's reply goes to (docs/decisions/0377): `reply+<token>@<inbound
 * domain>`, the token naming the ticket and signed, so a reply comes back into that ticket and a
 * made-up address finds none. It carries no personal data: a ticket kind letter (`o`: an order's
 * conversation `order-<order id>`, `c`: a contact-form ticket), the id's 32 hex digits and 16 hex
 * digits of an HMAC (lower case only: mail systems may change the case of an address's local part).
 * Without INBOUND_EMAIL_DOMAIN there is no such address and the emails say replies are not read.
 */
const ADDRESS = /^reply\+([co])([0-9a-f]{32})\.([0-9a-f]{16})@([a-z0-9.-]+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The domain replies are received at (SES receiving on AWS, the mail catcher locally), lower case; undefined: not received. */
export function inboundDomain(env?: NodeJS.ProcessEnv): string | undefined {
  const domain = inboundEmailDomainSetting(env)?.trim().toLowerCase();
  return domain || undefined;
}

async function mac(ticketId: string): Promise<string> {
  const key = await getSecret('linkSigningKey');
  if (!key) throw new Error('LINK_SIGNING_KEY is not configured');
  // Its own label: a reply token is never valid as any other signed value.
  return createHmac('sha256', key).update(`ticket-reply\n${ticketId}`).digest('hex').slice(0, 16);
}

function tokenParts(ticketId: string): { kind: 'o' | 'c'; hex: string } | undefined {
  const order = ticketId.startsWith('order-');
  const uuid = order ? ticketId.slice('order-'.length) : ticketId;
  if (!UUID.test(uuid)) return undefined;
  return { kind: order ? 'o' : 'c', hex: uuid.replaceAll('-', '') };
}

/** The reply address of a ticket; undefined when replies are not received or the ticket's id has no token form. */
export async function replyAddressFor(ticketId: string, env?: NodeJS.ProcessEnv): Promise<string | undefined> {
  const domain = inboundDomain(env);
  const parts = tokenParts(ticketId);
  if (!domain || !parts) return undefined;
  return `reply+${parts.kind}${parts.hex}.${await mac(ticketId)}@${domain}`;
}

/** The ticket a reply address names, if its token is genuine and it is at our inbound domain; undefined otherwise. */
export async function ticketOfReplyAddress(address: string, env?: NodeJS.ProcessEnv): Promise<string | undefined> {
  const m = ADDRESS.exec(address.trim().toLowerCase());
  const domain = inboundDomain(env);
  if (!m || !domain || m[4] !== domain) return undefined;
  const hex = m[2];
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const ticketId = m[1] === 'o' ? `order-${uuid}` : uuid;
  const expected = Buffer.from(await mac(ticketId));
  const given = Buffer.from(m[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? ticketId : undefined;
}
