import { emailKey } from '#shared/orders/email-key.ts';
import { orderLookupSchema } from '#shared/orders/requests.schema.ts';
import { isSettledPayment } from '#shared/payments/methods.ts';
import { applicationsForEmailKey, hashSecret } from '../../data/applications/reads.ts';
import { json, requestBody, route } from '../../lib/http.ts';
import { consumeRateLimit } from '../../lib/rate-limits.ts';
import { enqueueEmail } from '../../outbox/outbox.ts';
import { ORDER_LINK_WINDOW_MINUTES } from './send-link.ts';

/** Find-my-order emails one address may be sent in an hour, whoever asks and from wherever. */
export const ORDER_LOOKUPS_PER_EMAIL_HOUR = 3;

/**
 * POST /api/order-lookups: "find my order". Emails, to the address given, a link to each paid
 * order placed with it (the order page) and to each unpaid application (to continue it). The
 * answer is the same whether or not the address has any, or its hourly limit is spent, so it
 * tells nothing about an address; the links go only to the address itself. 200 { sent: true }.
 */
export const handler = route('POST /api/order-lookups', async (event) => {
  const { email } = requestBody(event, orderLookupSchema);
  const key = emailKey(email);
  const apps = await applicationsForEmailKey(key);
  if (!apps.length) return json(200, { sent: true });
  // Per address, counted only when there is something to send: the limit itself says nothing either.
  const limit = await consumeRateLimit(`order-lookup:${hashSecret(key)}`, ORDER_LOOKUPS_PER_EMAIL_HOUR, 3600);
  if (!limit.allowed) return json(200, { sent: true });
  const window = Math.floor(Date.now() / (ORDER_LINK_WINDOW_MINUTES * 60_000));
  for (const app of apps) {
    if (!app.email) continue;
    const payload = { firstName: app.firstName ?? '', businessName: app.businessName ?? '' };
    if (app.paymentStatus === 'paid') {
      await enqueueEmail({ kind: 'order_link', to: app.email, applicationId: app.id, dedupeKey: `order-link:${app.id}:${window}`, payload });
    } else if (!isSettledPayment(app.paymentStatus)) {
      // A draft continues in the wizard, a submitted application at the checkout.
      const at = app.completed ? 'checkout' : 'wizard';
      await enqueueEmail({
        kind: 'continue_link',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `continue-link:${app.id}:${window}`,
        payload: { ...payload, at },
      });
    }
  }
  return json(200, { sent: true });
});
