import { emailKey } from '#shared/orders/email-key.ts';
import { orderLookupSchema } from '#shared/orders/requests.schema.ts';
import { hashSecret } from '../../data/applications/reads.ts';
import { json, requestBody, route } from '../../lib/http.ts';
import { consumeRateLimit } from '../../lib/rate-limits.ts';
import { enqueueEmail } from '../../outbox/outbox.ts';
import { ORDER_LINK_WINDOW_MINUTES } from './send-link.ts';

/** Find-my-order lookups one address may ask for in an hour, whoever asks and from wherever. */
export const ORDER_LOOKUPS_PER_EMAIL_HOUR = 3;

/**
 * POST /api/order-lookups: "find my order". Emails, to the address given, a link to each paid
 * order placed with it (the order page) and to each unpaid application (to continue it). The
 * answer is the same whether or not the address has any, or its hourly limit is spent, so it
 * tells nothing about an address; the links go only to the address itself. 200 { sent: true }.
 *
 * The request does the same work for every address, so its timing tells nothing either: it takes
 * the address's hourly slot and queues one `order_lookup` message (one per address and link
 * window). The orders are looked up when that message is sent, which queues the links
 * (functions/orders/find-order.ts) and sends nothing for an address without orders (docs/decisions/0413).
 */
export const handler = route('POST /api/order-lookups', async (event) => {
  const { email } = requestBody(event, orderLookupSchema);
  const key = emailKey(email);
  const hashed = hashSecret(key);
  const limit = await consumeRateLimit(`order-lookup:${hashed}`, ORDER_LOOKUPS_PER_EMAIL_HOUR, 3600);
  if (!limit.allowed) return json(200, { sent: true });
  const window = Math.floor(Date.now() / (ORDER_LINK_WINDOW_MINUTES * 60_000));
  await enqueueEmail({ kind: 'order_lookup', to: key, dedupeKey: `order-lookup:${hashed}:${window}`, payload: { window } });
  return json(200, { sent: true });
});
