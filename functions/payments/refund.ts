import type { StaffPerson } from '#shared/staff/accounts.ts';
import { recordRefund } from '../data/applications/payments.ts';
import { getApplication } from '../data/applications/reads.ts';
import { type StaffApplicationView, toStaffApplication } from '../data/applications/staff.ts';
import { recordAudit } from '../data/audit.ts';
import { ConflictError } from '../lib/errors.ts';
import { stripeClient } from './stripe.ts';

/**
 * Staff refund of an order's money: the recorded payment of a paid order, or a payment held
 * for review (one that did not match the frozen order). Card and Apple Pay money goes back
 * through Stripe (idempotent per payment, so a double click refunds once); the offline test
 * provider has nothing to send back. The refund is recorded at once; Stripe's charge.refunded
 * webhook then finds it recorded and changes nothing.
 */
export async function refundApplication(id: string, actor: StaffPerson): Promise<StaffApplicationView> {
  const app = await getApplication(id);
  const target =
    app.paymentStatus === 'paid' && app.paymentReference
      ? { provider: app.paymentProvider, reference: app.paymentReference, amountCents: app.amountPaidCents ?? 0 }
      : app.paymentStatus === 'needs_review' && app.review
        ? { provider: app.review.provider, reference: app.review.reference, amountCents: app.review.amountCents }
        : undefined;
  if (!target)
    throw new ConflictError(
      `Only a paid order or a payment held for review can be refunded; this one is ${app.paymentStatus ?? 'unpaid'}`,
      'nothing_to_refund',
    );
  if (target.provider === 'stripe' || target.provider === 'apple-pay') {
    const stripe = await stripeClient();
    if (!stripe) throw new ConflictError('Stripe is not configured here, so this card payment cannot be refunded from the dashboard', 'not_configured');
    await stripe.refunds.create({ payment_intent: target.reference }, { idempotencyKey: `refund:${target.reference}` });
  } else if (target.provider !== 'test') {
    throw new ConflictError(
      `Refund this ${target.provider} payment (${target.reference}) in the provider's merchant portal; its refund notice then marks the order refunded`,
      'refund_in_provider_portal',
    );
  }
  // Recorded with its audit entry; when a provider's notice recorded it first, the request is still audited.
  const recorded = await recordRefund(app.id, target.reference, target.amountCents, actor);
  if (!recorded)
    await recordAudit({
      actor,
      action: 'payment_refunded',
      applicationId: app.id,
      subject: target.reference,
      after: { refundRequested: target.amountCents, alreadyRecorded: true },
    });
  return toStaffApplication(await getApplication(id));
}
