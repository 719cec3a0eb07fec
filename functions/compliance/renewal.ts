import { refundableRenewal } from '#shared/compliance/agent-exit.ts';
import type { RenewalPayment, RenewalView } from '#shared/compliance/api.schema.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import { RENEWAL_REFUND_DAYS, type RenewalCharge, type RenewalEvent } from '#shared/compliance/renewal-charges.ts';
import type { FilingDetails, StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { formatCents } from '#shared/money.ts';
import { type TestCard, testCardOutcome } from '#shared/payments/test-cards.ts';
import { findState } from '#shared/states.ts';
import { activityPut, recordActivity } from '../data/activity.ts';
import { type ApplicationItem, changedMeanwhile } from '../data/applications/item.ts';
import { cancelRenewal, resumeRenewal } from '../data/applications/order-page.ts';
import { findApplication, getApplication } from '../data/applications/reads.ts';
import { auditPut, SYSTEM_ACTOR } from '../data/audit.ts';
import { renewalReminderPuts } from '../data/reminders.ts';
import { cardMode, notConfigured } from '../lib/card-mode.ts';
import type { TransactItem } from '../lib/clients/dynamodb-sdk.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { ConflictError, PaymentRequiredError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { orderNotPaid, renewalView } from './order-calendar.ts';
import { RENEWAL_PURPOSE, type RenewalIntent, recordPaid, renewalChargeKey } from './renewal-charge.ts';

/**
 * The renewal price an answer of the filing form agrees to: the one agreed before while the
 * consent stands (correcting an address does not re-price a renewal already agreed), else the
 * price in force now, which the form showed.
 */
export function renewalPriceAgreed(
  before: StoredFilingDetails['registeredAgent'] | undefined,
  answer: FilingDetails['registeredAgent'],
  priceNowUsd: number,
): number {
  const agreedBefore = before?.kind === 'ours' && before.renewalConsent === true ? before.renewalPriceUsd : undefined;
  return answer.kind === 'ours' && answer.renewalConsent === true && agreedBefore !== undefined ? agreedBefore : priceNowUsd;
}

/**
 * Cancels the registered agent renewal of a paid order, in one step. Cancelling again answers the
 * same cancellation; an order without an agreed renewal has nothing to cancel (409 no_renewal).
 * A renewal charged at most RENEWAL_REFUND_DAYS ago is refunded in full with it (the Refund
 * Policy's "Registered agent service"): the provider's refund first, under a key of the order and
 * period (a retry after a crash or a lost race gets the same refund, never a second), then the
 * cancellation and the refund in one write.
 */
export async function cancelRegisteredAgentRenewal(app: ApplicationItem, now = Date.now()): Promise<RenewalView> {
  if (app.paymentStatus !== 'paid') throw orderNotPaid();
  const view = renewalView(app, now);
  if (view.status === 'cancelled') return view;
  if (view.status !== 'renews') {
    throw new ConflictError(
      view.status === 'own-agent'
        ? 'You named your own registered agent: there is no renewal of ours to cancel'
        : 'There is no registered agent renewal to cancel: you have not agreed to one',
      'no_renewal',
    );
  }
  const refundable = refundableRenewal(app.renewalCharge, dayOf(now));
  const refund = refundable ? await refundRenewalCharge(app, refundable, now) : undefined;
  const refunded = refundable && refund ? refundedRecord(app, refundable, refund) : undefined;
  const to = app.email;
  const cancelledAt = await cancelRenewal(
    app,
    to
      ? (at) => {
          const cancelled = renewalView({ ...app, renewalCancelledAt: at, ...(refunded ? { renewalCharge: refunded.charge } : {}) }, now);
          return outboxPut({
            kind: 'renewal_cancelled',
            to,
            applicationId: app.id,
            dedupeKey: `renewal-cancelled:${app.id}:${at}`,
            payload: {
              firstName: app.firstName ?? '',
              businessName: app.businessName ?? '',
              stateName: findState(app.state ?? '')?.name ?? app.state ?? '',
              serviceEndsOn: cancelled.serviceEndsOn ?? cancelled.firstYearEndsOn ?? at.slice(0, 10),
              priceUsd: cancelled.priceUsd,
              ...(refund ? { refundCents: refund.amountCents } : {}),
              steps: cancelled.exit?.steps ?? [],
            },
          });
        }
      : undefined,
    refunded,
    new Date(now).toISOString(),
  );
  return renewalView({ ...app, renewalCancelledAt: cancelledAt, ...(refunded ? { renewalCharge: refunded.charge } : {}) }, now);
}

/** The refund of a renewal charge at the provider: Stripe's, or the offline test provider's (nothing to send back). */
async function refundRenewalCharge(app: ApplicationItem, charge: RenewalCharge, now: number): Promise<NonNullable<RenewalCharge['refund']>> {
  const reference = charge.reference as string;
  const at = new Date(now).toISOString();
  if (reference.startsWith('pi_test_'))
    return { id: `test_refund_${renewalChargeKey(app.id, charge.period).replace(/\W/g, '_')}`, amountCents: charge.amountCents, at };
  const stripe = (await cardMode()) === 'stripe' ? await stripeClient() : undefined;
  if (!stripe) throw notConfigured('Card refund');
  // A refund made by an earlier attempt (after Stripe's 24 hours of an idempotency key, too) is the one.
  const made = (await stripe.refunds.list({ payment_intent: reference, limit: 10 })).data.find((r) => r.status === 'succeeded' || r.status === 'pending');
  const refund =
    made ??
    (await stripe.refunds.create(
      {
        payment_intent: reference,
        reason: 'requested_by_customer',
        metadata: {
          applicationId: app.id,
          purpose: RENEWAL_PURPOSE,
          period: charge.period,
          reason: 'Registered agent renewal cancelled within the refund window',
        },
      },
      { idempotencyKey: `renewal-refund:${app.id}:${charge.period}` },
    ));
  if (refund.status === 'failed' || refund.status === 'canceled')
    throw new ConflictError(
      `The refund of the renewal could not be made (${refund.failure_reason ?? refund.status}): the renewal is not cancelled, try again`,
      'refund_failed',
    );
  return { id: refund.id, amountCents: refund.amount, at };
}

/** The order's record of a refunded renewal: the charge with its refund, the history line, the activity and audit entries. */
function refundedRecord(app: ApplicationItem, charge: RenewalCharge, refund: NonNullable<RenewalCharge['refund']>) {
  const event: RenewalEvent = {
    kind: 'refunded',
    period: charge.period,
    amountCents: refund.amountCents,
    at: refund.at,
    detail: `Refunded in full: cancelled within ${RENEWAL_REFUND_DAYS} days of the charge`,
  };
  return {
    charge: { ...charge, refund },
    event,
    also: [
      activityPut(
        'renewal_refunded',
        `Registered agent renewal from ${charge.period}: ${formatCents(refund.amountCents)} refunded with the cancellation (${refund.id})`,
        app.id,
      ),
      auditPut({
        actor: SYSTEM_ACTOR,
        action: 'renewal_refunded',
        applicationId: app.id,
        subject: `registered agent renewal from ${charge.period}`,
        after: { refundId: refund.id, amountCents: refund.amountCents },
      }),
    ],
  };
}

/**
 * Undoes a cancelled renewal from the order page, until the service ends: the renewal agreed
 * before stands again (same price, same card). 409 `not_cancelled` when there is nothing to
 * undo, `service_ended` once the service year is over.
 */
export async function resumeRegisteredAgentRenewal(app: ApplicationItem, now = Date.now()): Promise<RenewalView> {
  if (app.paymentStatus !== 'paid') throw orderNotPaid();
  const view = renewalView(app);
  if (view.status === 'renews') return view;
  if (view.status !== 'cancelled') throw new ConflictError('The registered agent renewal is not cancelled: there is nothing to undo', 'not_cancelled');
  if (app.renewalCharge?.refund)
    throw new ConflictError(
      'The renewal was refunded when you cancelled it, so the cancellation cannot be undone here: write to us to keep our registered agent service',
      'renewal_refunded',
    );
  if (!view.serviceEndsOn || view.serviceEndsOn <= dayOf(now))
    throw new ConflictError('The registered agent service has ended, so its renewal can no longer be restored: contact us to start it again', 'service_ended');
  const resumed = renewalView({ ...app, renewalCancelledAt: undefined });
  const renewsOn = resumed.nextChargeOn ?? view.serviceEndsOn;
  const confirmation = app.email
    ? outboxPut({
        kind: 'renewal_resumed',
        to: app.email,
        applicationId: app.id,
        // One per cancellation undone (a later cancel and undo gets its own).
        dedupeKey: `renewal-resumed:${app.id}:${app.renewalCancelledAt ?? ''}`,
        payload: {
          firstName: app.firstName ?? '',
          businessName: app.businessName ?? '',
          stateName: findState(app.state ?? '')?.name ?? app.state ?? '',
          renewsOn,
          priceUsd: resumed.priceUsd,
        },
      })
    : undefined;
  await resumeRenewal(app, renewalReminderPuts({ ...app, renewalCancelledAt: undefined }, now), confirmation);
  return renewalView({ ...app, renewalCancelledAt: undefined });
}

const MAX_ATTEMPTS = 3;

/**
 * A renewal PaymentIntent the provider reports succeeded (its signed webhook): the off-session
 * charge of a sweep that may not have recorded it yet (it crashed after charging), or the payment
 * the customer made from the emailed link. Recorded once, with `eventDone` in the same
 * transaction; a period already paid, or not the order's current one, changes nothing.
 */
export async function recordRenewalIntent(
  intent: RenewalIntent,
  eventDone: (outcome: string) => TransactItem,
  now = Date.now(),
): Promise<{ outcome: string; recorded: boolean }> {
  const applicationId = intent.metadata?.applicationId;
  const period = intent.metadata?.period;
  if (!applicationId || !period) return { outcome: 'no-application', recorded: false };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const app = await findApplication(applicationId);
    const charge = app?.renewalCharge?.period === period ? app.renewalCharge : undefined;
    if (!app || !charge) return { outcome: 'renewal-not-current', recorded: false };
    if (charge.state === 'paid') return { outcome: 'already-recorded', recorded: false };
    const amount = intent.amount_received || intent.amount;
    if (amount !== charge.amountCents || intent.currency.toLowerCase() !== 'usd') {
      logger.error('renewal payment does not match the agreed price', { applicationId, period, amount, agreed: charge.amountCents });
      await recordActivity(
        'renewal_charge_failed',
        `A renewal payment (${intent.id}, ${formatCents(amount)} ${intent.currency.toUpperCase()}) does not match the agreed ${formatCents(charge.amountCents)} for the period from ${period}: not recorded, refund it`,
        applicationId,
      );
      return { outcome: 'renewal-amount-mismatch', recorded: false };
    }
    const via = charge.state === 'charging' ? 'charged' : 'paid-by-link';
    if (await recordPaid(app, charge, intent.id, via, now, [eventDone('renewal-paid')])) return { outcome: 'renewal-paid', recorded: true };
  }
  throw new Error(`Could not record renewal payment ${intent.id} for order ${applicationId}: it kept changing`);
}

export const noRenewalPaymentDue = () => new ConflictError('There is no renewal payment due on this order', 'no_renewal_payment_due');

/**
 * POST /api/orders/{id}/registered-agent/renewal-payment: the customer pays the renewal whose
 * charge failed, at the agreed price, before the grace period ends (the emailed payment link opens
 * the order page, whose renewal section calls this). In local test mode the test card pays at
 * once; with Stripe this answers an on-session PaymentIntent the page confirms, and the webhook
 * records it (recordRenewalIntent).
 */
export async function payRenewal(app: ApplicationItem, card: TestCard | undefined, now = Date.now()): Promise<RenewalPayment> {
  if (app.paymentStatus !== 'paid') throw orderNotPaid();
  const charge = app.renewalCharge;
  if (charge?.state !== 'payment-due') throw noRenewalPaymentDue();
  const mode = await cardMode();
  if (mode === 'test') {
    if (!card) throw new ValidationError('Enter the card to pay with', { card: ['Enter the card to pay with'] });
    const outcome = testCardOutcome(card.cardNumber);
    if (!outcome.ok) throw new PaymentRequiredError(outcome.message);
    const reference = `pi_test_renewal_link_${app.id.replace(/\W/g, '')}_${charge.period.replace(/\W/g, '')}`;
    if (!(await recordPaid(app, charge, reference, 'paid-by-link', now))) throw changedMeanwhile('the renewal was paid');
    const paid = await getApplication(app.id);
    return { status: 'paid', registeredAgent: renewalView(paid) };
  }
  const stripe = mode === 'stripe' ? await stripeClient() : undefined;
  if (!stripe) throw notConfigured('Card payment');
  const intent = await stripe.paymentIntents.create(
    {
      amount: charge.amountCents,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      description: `Registered agent renewal from ${charge.period}`,
      metadata: { applicationId: app.id, purpose: RENEWAL_PURPOSE, period: charge.period },
    },
    // One intent per period however often the page asks (within Stripe's 24 hours of a key).
    { idempotencyKey: `renewal-link:${app.id}:${charge.period}` },
  );
  if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
  return { status: 'requires_payment', clientSecret: intent.client_secret, registeredAgent: renewalView(app) };
}
