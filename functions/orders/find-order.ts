import { emailKey } from '#shared/orders/email-key.ts';
import { isSettledPayment } from '#shared/payments/methods.ts';
import { applicationsForEmailKey } from '../data/applications/reads.ts';
import type { InternalPayloads } from '../outbox/messages.ts';
import { enqueueEmail } from '../outbox/outbox.ts';

/**
 * "Find my order", when its lookup message is sent (functions/email/deliver.ts): a link to each
 * paid order placed with `to` (the order page) and to each unpaid application (to continue it),
 * each its own message, deduplicated per order and link window. Nothing for an address without
 * orders. The request itself only queued the lookup, the same work whatever the address
 * (docs/decisions/0413). Returns how many messages were queued.
 */
export async function expandOrderLookup(to: string, lookup: InternalPayloads['order_lookup'], now = Date.now()): Promise<number> {
  const apps = await applicationsForEmailKey(emailKey(to));
  let queued = 0;
  for (const app of apps) {
    if (!app.email) continue;
    const payload = { firstName: app.firstName ?? '', businessName: app.businessName ?? '' };
    if (app.paymentStatus === 'paid') {
      await enqueueEmail({ kind: 'order_link', to: app.email, applicationId: app.id, dedupeKey: `order-link:${app.id}:${lookup.window}`, payload }, now);
      queued++;
    } else if (!isSettledPayment(app.paymentStatus)) {
      // A draft continues in the wizard, a submitted application at the checkout.
      const at = app.completed ? 'checkout' : 'wizard';
      await enqueueEmail(
        { kind: 'continue_link', to: app.email, applicationId: app.id, dedupeKey: `continue-link:${app.id}:${lookup.window}`, payload: { ...payload, at } },
        now,
      );
      queued++;
    }
  }
  return queued;
}
