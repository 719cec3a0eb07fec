import { createHash } from 'node:crypto';
import type { ApplicationOrder } from '#shared/payments/order.ts';
import { UpstreamError } from '../lib/errors.ts';
import { getJsonSecret } from '../lib/secrets.ts';
import { type KlarnaCredentials, klarnaCredentialsSchema } from './credentials.schema.ts';

/**
 * Klarna Payments API client: Basic auth with the configured API username/password against the
 * configured regional base URL (e.g. https://api-na.playground.klarna.com). Amounts are in cents
 * and always the server's order total, with zero tax.
 */

export async function klarnaCredentials(): Promise<KlarnaCredentials | undefined> {
  const parsed = klarnaCredentialsSchema.safeParse(await getJsonSecret('klarna'));
  return parsed.success ? parsed.data : undefined;
}

function klarnaOrderBody(order: ApplicationOrder, applicationId: string) {
  return {
    purchase_country: 'US',
    purchase_currency: 'USD',
    locale: 'en-US',
    order_amount: order.totalCents,
    order_tax_amount: 0,
    order_lines: order.lines.map((line) => ({
      type: 'digital',
      name: line.label,
      quantity: 1,
      unit_price: line.amount * 100,
      tax_rate: 0,
      total_amount: line.amount * 100,
      total_tax_amount: 0,
    })),
    merchant_reference1: applicationId,
  };
}

async function call<T>(creds: KlarnaCredentials, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(new URL(path, creds.baseUrl.endsWith('/') ? creds.baseUrl : `${creds.baseUrl}/`), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`,
      'content-type': 'application/json',
      accept: 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!res.ok) {
    let messages: string[] = [];
    try {
      messages = (JSON.parse(text) as { error_messages?: string[] }).error_messages ?? [];
    } catch {}
    // Klarna's own messages are meant to be shown (e.g. an expired authorization).
    throw new UpstreamError(messages.length ? `Klarna: ${messages.join('; ')}` : `Klarna answered ${res.status}`);
  }
  return JSON.parse(text) as T;
}

interface KlarnaSession {
  session_id: string;
  client_token: string;
  payment_method_categories?: { identifier: string; name: string; asset_urls?: Record<string, string> }[];
}

export function createKlarnaSession(creds: KlarnaCredentials, order: ApplicationOrder, applicationId: string): Promise<KlarnaSession> {
  return call<KlarnaSession>(creds, 'payments/v1/sessions', klarnaOrderBody(order, applicationId));
}

interface KlarnaOrder {
  order_id: string;
  fraud_status?: string;
  redirect_url?: string;
}

/** Places the order for an authorization; the idempotency key makes a retry return the same order. */
export function placeKlarnaOrder(creds: KlarnaCredentials, authorizationToken: string, order: ApplicationOrder, applicationId: string): Promise<KlarnaOrder> {
  return call<KlarnaOrder>(creds, `payments/v1/authorizations/${encodeURIComponent(authorizationToken)}/order`, klarnaOrderBody(order, applicationId), {
    'klarna-idempotency-key': uuidFrom(`order:${applicationId}:${order.totalCents}:${authorizationToken}`),
  });
}

/** A stable UUID-shaped key derived from the request (Klarna expects a UUID). */
function uuidFrom(value: string): string {
  const h = createHash('sha256').update(value).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
