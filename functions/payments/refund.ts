import { refundAmountProblem, refundPlan } from '#shared/payments/refunds.ts';
import type { StaffPerson } from '#shared/staff/accounts.ts';
import type { RefundRequest } from '#shared/staff/refund.schema.ts';
import { type ApplicationItem, versionOf } from '../data/applications/item.ts';
import { recordRefunds } from '../data/applications/payments.ts';
import { getApplication } from '../data/applications/reads.ts';
import { type StaffApplicationView, toStaffApplication } from '../data/applications/staff.ts';
import { recordAudit } from '../data/audit.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { ConflictError } from '../lib/errors.ts';
import { refundPurchase } from './purchases.ts';

/** What a staff refund gives back from: the recorded payment of a paid order, or a payment held for review. */
function refundTarget(app: ApplicationItem) {
  if (app.paymentStatus === 'paid' && app.paymentReference) return { provider: app.paymentProvider, reference: app.paymentReference, plan: refundPlan(app) };
  if (app.paymentStatus === 'needs_review' && app.review)
    // Money held for review never paid for the order: all of it may go back, the state kept none of it.
    return {
      provider: app.review.provider,
      reference: app.review.reference,
      plan: refundPlan({ amountPaidCents: app.review.amountCents, amountRefundedCents: app.amountRefundedCents }),
    };
  return undefined;
}

/**
 * Staff refund of an order's money, the amount and the reason the person chose: part or all of
 * the recorded payment, or of a payment held for review (shared/payments/refunds.ts says how much
 * may go back, and that once processing started the state fee is spent: including it must be
 * asked for). Card and Apple Pay money goes back through Stripe; the offline test provider has
 * nothing to send back; Klarna and Amazon Pay are refunded in their portals.
 *
 * Two requests at once refund once: the provider call's idempotency key is the order and the
 * version read, so requests made on the same read get the same refund back, and the refund is
 * recorded by its id at that version (functions/data/applications/payments.ts recordRefunds).
 * Stripe's charge.refunded then finds it recorded and changes nothing.
 */
export async function refundApplication(id: string, request: RefundRequest, actor: StaffPerson): Promise<StaffApplicationView> {
  const app = await getApplication(id);
  // An add-on bought after payment is a payment of its own (docs/decisions/0424), refunded on its own.
  if (request.purchaseId) {
    await refundPurchase(app, request.purchaseId, request.amountCents, request.reason, actor.email);
    await recordAudit({
      actor,
      action: 'payment_refunded',
      applicationId: app.id,
      subject: request.purchaseId,
      after: { refundRequestedCents: request.amountCents },
    });
    return toStaffApplication(await getApplication(id));
  }
  // Stripe refuses to refund a disputed charge: the dispute itself decides where the money goes.
  if (app.paymentStatus === 'disputed')
    throw new ConflictError(
      'The customer disputed this payment with their bank: it cannot be refunded while the dispute is open (a lost dispute counts as the refund)',
      'payment_disputed',
    );
  const target = refundTarget(app);
  if (!target || target.plan.refundableCents <= 0)
    throw new ConflictError(
      `Only a paid order or a payment held for review can be refunded; this one is ${app.paymentStatus === 'refunded' ? 'refunded in full' : (app.paymentStatus ?? 'unpaid')}`,
      'nothing_to_refund',
    );
  const problem = refundAmountProblem(target.plan, request.amountCents, Boolean(request.includeStateFee));
  if (problem)
    throw new ConflictError(problem, target.plan.stateFeeSpent && request.amountCents <= target.plan.refundableCents ? 'state_fee_spent' : 'refund_amount', {
      refundableCents: target.plan.refundableCents,
      suggestedCents: target.plan.suggestedCents,
    });
  const version = versionOf(app);
  let refundId: string;
  if (target.provider === 'stripe' || target.provider === 'apple-pay') {
    const stripe = await stripeClient();
    if (!stripe) throw new ConflictError('Stripe is not configured here, so this card payment cannot be refunded from the dashboard', 'not_configured');
    const refund = await stripe.refunds.create(
      {
        payment_intent: target.reference,
        amount: request.amountCents,
        reason: 'requested_by_customer',
        // charge.refunded may report this refund before it is recorded here: it then records it as ours.
        metadata: { applicationId: app.id, reason: request.reason.slice(0, 500), by: actor.email },
      },
      { idempotencyKey: `refund:${app.id}:v${version}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new ConflictError(`Stripe could not refund this payment (${refund.failure_reason ?? refund.status}): nothing was refunded`, 'refund_failed');
    refundId = refund.id;
  } else if (target.provider === 'test') {
    refundId = `test_refund_${app.id}_v${version}`;
  } else {
    throw new ConflictError(
      `Refund this ${target.provider} payment (${target.reference}) in the provider's merchant portal; its refund notice then records the refund`,
      'refund_in_provider_portal',
    );
  }
  const recorded = await recordRefunds(
    app.id,
    target.reference,
    [{ id: refundId, amountCents: request.amountCents, reason: request.reason, source: 'staff', by: actor.email, at: new Date().toISOString() }],
    { actor },
  );
  // The provider's notice recorded it first, or a concurrent request on the same read did: the request is still audited.
  if (recorded !== 'recorded')
    await recordAudit({
      actor,
      action: 'payment_refunded',
      applicationId: app.id,
      subject: target.reference,
      after: { refundId, refundRequestedCents: request.amountCents, alreadyRecorded: true },
    });
  return toStaffApplication(await getApplication(id));
}
