import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { addOnPricesFrom, boughtFlags } from '#shared/catalog/catalog.ts';
import { formatCents } from '#shared/money.ts';
import type { PurchaseBody, PurchaseResult, PurchasesView } from '#shared/orders/purchases.schema.ts';
import {
  orderStateOf,
  type Purchase,
  type PurchasingOrder,
  pendingPurchase,
  purchaseDetails,
  purchaseOffers,
  purchaseRefusal,
} from '#shared/orders/purchases.ts';
import { refundArrival } from '#shared/payments/refunds.ts';
import { digitsOnly, testCardOffSessionOutcome, testCardOutcome } from '#shared/payments/test-cards.ts';
import { findState } from '#shared/states.ts';
import { activityPut, recordActivity } from '../data/activity.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { addPurchase, recordPurchaseFailed, recordPurchasePaid, recordPurchaseRefund } from '../data/applications/purchases.ts';
import { findApplication, getApplication } from '../data/applications/reads.ts';
import { getOperatorSettings } from '../data/operator-settings.ts';
import { cardMode, notConfigured } from '../lib/card-mode.ts';
import type { TransactItem } from '../lib/clients/dynamodb-sdk.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { ConflictError, PaymentRequiredError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { cancelIntentAtStripe } from './stripe-intent.ts';

/**
 * Add-ons bought after payment from the order page (docs/decisions/0424). The server prices the
 * add-on from the catalog and the operator's prices in force, freezes that price on the purchase,
 * and takes a payment of its own: the card kept at checkout charged at once, or a card entered
 * now (the offline test card locally; with Stripe a PaymentIntent the page confirms, recorded by
 * the webhook under its own `purpose`). Paid, the add-on is owed like one bought at checkout
 * (shared/catalog/catalog.ts boughtFlags reads paid purchases).
 */

/** Stripe metadata `purpose` of every purchase's PaymentIntent (the webhook routes them here, never to checkout's fulfilment). */
export const PURCHASE_PURPOSE = 'add-on-purchase';

const MAX_ATTEMPTS = 3;

type Mode = 'test' | 'stripe';

/** GET /api/orders/{id}/purchases: what the order may buy now, and every purchase made. */
export async function purchasesView(app: ApplicationItem): Promise<PurchasesView> {
  const prices = addOnPricesFrom(await getOperatorSettings());
  const refusal = purchaseRefusal(app);
  const card = app.renewalCard;
  const state = orderStateOf(app);
  return {
    ...(refusal ? { refusal } : {}),
    ...(state ? { state } : {}),
    savedCard: card?.last4 ? { last4: card.last4 } : null,
    offers: purchaseOffers(app, prices),
    purchases: (app.purchases ?? []).map(({ id, key, name, lines, totalCents, state, via, createdAt, paidAt, failure, cardLast4, refundedCents, details }) => ({
      id,
      key,
      name,
      lines,
      totalCents,
      state,
      via,
      createdAt,
      ...(paidAt ? { paidAt } : {}),
      ...(failure ? { failure } : {}),
      ...(cardLast4 ? { cardLast4 } : {}),
      ...(refundedCents ? { refundedCents } : {}),
      ...(details?.dbaName ? { dbaName: details.dbaName } : {}),
      ...(details?.dbaCounty ? { dbaCounty: details.dbaCounty } : {}),
    })),
  };
}

const refused = (message: string, code: string, extras?: Record<string, unknown>) => new ConflictError(message, code, extras);

/** Why this order cannot buy this add-on now (409), or the offer it may buy at its server price. */
function offerToBuy(app: ApplicationItem, body: PurchaseBody, prices: ReturnType<typeof addOnPricesFrom>) {
  const refusal = purchaseRefusal(app);
  if (refusal)
    throw refused(
      refusal,
      app.paymentStatus === 'paid' ? 'cannot_buy' : app.paymentStatus === 'refunded' || app.paymentStatus === 'disputed' ? 'cannot_buy' : 'order_not_paid',
    );
  const offer = purchaseOffers(app, prices).find((o) => o.key === body.addOn);
  if (!offer) throw new ValidationError('Choose an add-on sold after payment', { addOn: ['Choose an add-on sold after payment'] });
  if (offer.status === 'bought') throw refused(`${offer.name}: your order has it already`, 'already_bought');
  if (offer.status === 'unavailable') throw refused(`${offer.name}: ${offer.reason}`, 'not_sold_here');
  // What the add-on asks the customer (the DBA's name and county), checked with the wizard's rule in the order's state.
  const typed = purchaseDetails(offer.key, orderStateOf(app), { dbaName: body.dbaName, dbaCounty: body.dbaCounty });
  if (!typed.ok) {
    const problems = Object.entries(typed.problems).filter((p): p is [string, string] => typeof p[1] === 'string');
    throw new ValidationError(problems[0]?.[1] ?? `Check what ${offer.name} asks`, Object.fromEntries(problems.map(([f, m]) => [f, [m]])), 'invalid_details');
  }
  if (body.amount !== offer.totalCents)
    throw refused(`${offer.name} costs ${formatCents(offer.totalCents)}: the page has been updated, please review it and buy again`, 'amount_changed', {
      amount: offer.totalCents,
    });
  return { ...offer, ...(typed.details ? { details: typed.details } : {}) };
}

/**
 * POST /api/orders/{id}/purchases. Prices the add-on on the server (a differing amount is refused,
 * never charged), refuses an order that cannot buy it, and takes the payment:
 * - the kept card (`saved-card`): charged at once, without the customer's card details;
 * - a new card (`new-card`): locally the test card pays at once; with Stripe the answer is a
 *   PaymentIntent for the frozen price, which the page confirms and the webhook records.
 * One pending purchase per add-on: a new attempt cancels the pending one's payment first.
 */
export async function buyAddOn(app: ApplicationItem, body: PurchaseBody, now = Date.now()): Promise<PurchaseResult> {
  const mode = await cardMode();
  if (!mode) throw notConfigured('Card payment');
  const prices = addOnPricesFrom(await getOperatorSettings());
  let current = app;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const offer = offerToBuy(current, body, prices);
    const pending = pendingPurchase(current, body.addOn);
    if (pending) await settlePending(pending, mode);
    const purchase: Purchase = {
      id: `p${randomUUID().replace(/-/g, '')}`,
      key: offer.key,
      name: offer.name,
      lines: offer.lines,
      totalCents: offer.totalCents,
      ...(offer.details ? { details: offer.details } : {}),
      state: 'pending',
      provider: mode,
      via: body.payWith,
      createdAt: new Date(now).toISOString(),
    };
    const outcome = await (body.payWith === 'saved-card'
      ? payWithSavedCard(current, purchase, mode, pending?.id, now)
      : payWithNewCard(current, purchase, mode, body, pending?.id, now));
    if (outcome) return { ...outcome, purchaseId: purchase.id, purchases: await purchasesView(await getApplication(app.id)) };
    // The order changed between the read and the write (another purchase, a staff move): decide again.
    current = await getApplication(app.id);
  }
  throw new ConflictError('The order changed while buying; reload it and try again', 'version_conflict');
}

/** The add-on's pending purchase, before another attempt: its payment cancelled, or recorded if the money moved. */
async function settlePending(pending: Purchase, mode: Mode): Promise<void> {
  if (pending.provider !== 'stripe' || !pending.reference || mode !== 'stripe') return;
  const stripe = (await stripeClient())!;
  const cancel = await cancelIntentAtStripe(stripe, pending.reference);
  if (cancel === 'cancelled') return;
  if (cancel === 'succeeded') {
    const intent = await stripe.paymentIntents.retrieve(pending.reference);
    await recordPurchaseIntent(intent);
    throw refused(`${pending.name}: your earlier payment went through, so your order has it already`, 'already_bought');
  }
  throw refused(`${pending.name}: your earlier payment is still being processed; wait a minute and reload the page`, 'payment_in_progress');
}

type Outcome = { status: 'paid' } | { status: 'requires_payment'; clientSecret: string } | undefined;

/** A new card: the test card pays at once (locally); with Stripe, an intent the page confirms. Undefined when the order changed meanwhile. */
async function payWithNewCard(
  app: ApplicationItem,
  purchase: Purchase,
  mode: Mode,
  body: PurchaseBody,
  replacing: string | undefined,
  now: number,
): Promise<Outcome> {
  if (mode === 'test') {
    if (!body.card) throw new ValidationError('Enter the card to pay with', { card: ['Enter the card to pay with'] });
    const outcome = testCardOutcome(body.card.cardNumber);
    if (!outcome.ok) throw new PaymentRequiredError(outcome.message);
    const paid = paidPurchase(purchase, `pi_test_${purchase.id}`, digitsOnly(body.card.cardNumber).slice(-4), now);
    return (await addPurchase(app, paid, (a) => paidRecords(a, paid), replacing)) ? { status: 'paid' } : undefined;
  }
  const stripe = (await stripeClient())!;
  const intent = await stripe.paymentIntents.create(
    {
      amount: purchase.totalCents,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      description: `${purchase.name}, bought after payment`,
      metadata: intentMetadata(app, purchase),
    },
    { idempotencyKey: `purchase:${purchase.id}` },
  );
  if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
  if (await addPurchase(app, { ...purchase, reference: intent.id }, () => [], replacing))
    return { status: 'requires_payment', clientSecret: intent.client_secret };
  // Another write won: this intent must never take money.
  await cancelIntentAtStripe(stripe, intent.id);
  return undefined;
}

/** The card kept at checkout, charged at once without the customer. Undefined when the order changed before the charge. */
async function payWithSavedCard(app: ApplicationItem, purchase: Purchase, mode: Mode, replacing: string | undefined, now: number): Promise<Outcome> {
  const card = app.renewalCard;
  if (!card || card.provider !== mode) throw refused('No card is kept on this order: pay with a card', 'no_saved_card');
  if (mode === 'test') {
    const outcome = testCardOffSessionOutcome(card.last4 ?? '');
    if (!outcome.ok)
      throw new PaymentRequiredError(
        outcome.code === 'authentication_required' ? `${outcome.message} Pay with the card entered here instead.` : outcome.message,
        outcome.code === 'authentication_required' ? 'authentication_required' : 'payment_declined',
      );
    const paid = paidPurchase(purchase, `pi_test_${purchase.id}`, card.last4, now);
    return (await addPurchase(app, paid, (a) => paidRecords(a, paid), replacing)) ? { status: 'paid' } : undefined;
  }
  // Recorded pending first, so the webhook finds it whatever happens after the charge.
  if (!(await addPurchase(app, purchase, () => [], replacing))) return undefined;
  const stripe = (await stripeClient())!;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: purchase.totalCents,
        currency: 'usd',
        customer: card.customerId,
        payment_method: card.paymentMethodId,
        off_session: true,
        confirm: true,
        description: `${purchase.name}, bought after payment`,
        metadata: intentMetadata(app, purchase),
      },
      { idempotencyKey: `purchase:${purchase.id}` },
    );
  } catch (err) {
    const e = err as { type?: string; code?: string; message?: string };
    if (e.type !== 'StripeCardError') throw err;
    await failPurchase(app.id, purchase.id, e.message ?? 'Your card was declined.');
    throw new PaymentRequiredError(
      e.message ?? 'Your card was declined.',
      e.code === 'authentication_required' ? 'authentication_required' : 'payment_declined',
    );
  }
  if (intent.status === 'succeeded') {
    await recordPurchaseIntent(intent, undefined, now);
    return { status: 'paid' };
  }
  const message = 'Your bank asks you to confirm this payment: pay with the card entered here instead.';
  await failPurchase(app.id, purchase.id, message);
  await cancelIntentAtStripe(stripe, intent.id).catch(() => undefined);
  throw new PaymentRequiredError(message, 'authentication_required');
}

const intentMetadata = (app: ApplicationItem, purchase: Purchase) => ({
  applicationId: app.id,
  purpose: PURCHASE_PURPOSE,
  purchaseId: purchase.id,
  addOn: purchase.key,
});

const paidPurchase = (purchase: Purchase, reference: string, cardLast4: string | undefined, now: number): Purchase => {
  const { failure: _, ...rest } = purchase;
  return { ...rest, state: 'paid', reference, paidAt: new Date(now).toISOString(), ...(cardLast4 ? { cardLast4 } : {}) };
};

/** A pending purchase's attempt that failed, recorded (read again until it lands, or it is no longer pending). */
async function failPurchase(applicationId: string, purchaseId: string, failure: string): Promise<void> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const app = await getApplication(applicationId);
    const purchase = app.purchases?.find((p) => p.id === purchaseId);
    if (purchase?.state !== 'pending') return;
    if (await recordPurchaseFailed(app, { ...purchase, state: 'failed', failure })) return;
  }
}

/** What a paid purchase writes beside the order: the activity entry and the receipt email. */
function paidRecords(app: ApplicationItem, paid: Purchase): TransactItem[] {
  const code = app.pricedOrder?.state ?? app.state ?? '';
  return [
    activityPut('payment_received', `${paid.name} bought after payment: ${formatCents(paid.totalCents)} (${paid.reference})`, app.id),
    ...(app.email
      ? [
          outboxPut({
            kind: 'purchase_receipt',
            to: app.email,
            applicationId: app.id,
            dedupeKey: `purchase:${app.id}:${paid.id}`,
            payload: {
              firstName: app.firstName ?? '',
              businessName: app.businessName ?? '',
              stateName: findState(code)?.name ?? code,
              name: paid.name,
              lines: paid.lines.map(({ label, amount }) => ({ label, amount })),
              total: paid.totalCents / 100,
              paidAt: paid.paidAt ?? new Date().toISOString(),
              ...(paid.cardLast4 ? { cardLast4: paid.cardLast4 } : {}),
              reopened: app.status === 'completed',
            },
          }),
        ]
      : []),
  ];
}

/** A purchase PaymentIntent as the webhook (or the charge that made it) reports it succeeded. */
export type PurchaseIntent = Pick<Stripe.PaymentIntent, 'id' | 'amount' | 'amount_received' | 'currency' | 'metadata'> &
  Partial<Pick<Stripe.PaymentIntent, 'payment_method'>>;

/**
 * Records a purchase's payment once: from its signed webhook (`eventDone` in the same
 * transaction) or from the charge of the kept card. A purchase already paid changes nothing (a
 * duplicate event); money that does not match the frozen price, or for an add-on the order got
 * meanwhile by another payment, is not recorded: staff are told to refund it.
 */
export async function recordPurchaseIntent(
  intent: PurchaseIntent,
  eventDone?: (outcome: string) => TransactItem,
  now = Date.now(),
): Promise<{ outcome: string; recorded: boolean }> {
  const applicationId = intent.metadata?.applicationId;
  const purchaseId = intent.metadata?.purchaseId;
  if (!applicationId || !purchaseId) return { outcome: 'no-application', recorded: false };
  const amount = intent.amount_received || intent.amount;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const app = await findApplication(applicationId);
    const purchase = app?.purchases?.find((p) => p.id === purchaseId);
    if (!app || !purchase) {
      logger.error('purchase payment for an unknown purchase', { applicationId, purchaseId, intent: intent.id });
      await recordActivity(
        'payment_duplicate',
        `A payment (${intent.id}, ${formatCents(amount)}) for an unknown add-on purchase ${purchaseId}: refund it`,
        applicationId,
      );
      return { outcome: 'purchase-not-found', recorded: false };
    }
    if (purchase.state === 'paid' || purchase.state === 'refunded') return { outcome: 'already-recorded', recorded: false };
    if (amount !== purchase.totalCents || intent.currency.toLowerCase() !== 'usd') {
      await recordActivity(
        'payment_mismatch',
        `A payment for ${purchase.name} (${intent.id}, ${formatCents(amount)} ${intent.currency.toUpperCase()}) does not match its ${formatCents(purchase.totalCents)}: not recorded, refund it`,
        applicationId,
      );
      return { outcome: 'purchase-amount-mismatch', recorded: false };
    }
    const others: PurchasingOrder = { ...app, purchases: (app.purchases ?? []).filter((p) => p.id !== purchaseId) };
    if (boughtFlags(others)[purchase.key]) {
      await recordActivity(
        'payment_duplicate',
        `A second payment for ${purchase.name} (${intent.id}, ${formatCents(amount)}): the order has it already, refund it`,
        applicationId,
      );
      return { outcome: 'purchase-duplicate', recorded: false };
    }
    const card = typeof intent.payment_method === 'object' ? intent.payment_method?.card?.last4 : undefined;
    const paid = paidPurchase(purchase, intent.id, card ?? purchase.cardLast4 ?? (purchase.via === 'saved-card' ? app.renewalCard?.last4 : undefined), now);
    if (await recordPurchasePaid(app, paid, [...paidRecords(app, paid), ...(eventDone ? [eventDone('purchase-paid')] : [])]))
      return { outcome: 'purchase-paid', recorded: Boolean(eventDone) };
  }
  throw new Error(`Could not record purchase payment ${intent.id} for order ${applicationId}: it kept changing`);
}

/**
 * A refund of a purchase's payment: reported by the provider (charge.refunded, `eventDone` in the
 * same transaction) or made by staff. `refundedCents` is what the provider says is refunded of it
 * in all, so the same refund reported twice, or by staff and then by the provider, counts once.
 * The purchase keeps what went back; refunded in full, the add-on is no longer bought (nothing
 * more is owed for it). The customer is emailed for each amount that goes back.
 */
export async function recordPurchaseRefundOf(
  applicationId: string,
  purchaseId: string,
  refundedCents: number,
  eventDone?: (outcome: string) => TransactItem,
  reason = 'a refund was made at our payment provider',
): Promise<{ outcome: string; recorded: boolean }> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const app = await findApplication(applicationId);
    const purchase = app?.purchases?.find((p) => p.id === purchaseId);
    if (!app || !purchase || (purchase.state !== 'paid' && purchase.state !== 'refunded')) return { outcome: 'refund-not-matching', recorded: false };
    const total = Math.min(purchase.totalCents, refundedCents);
    const before = purchase.refundedCents ?? 0;
    if (total <= before) return { outcome: 'refund-already-recorded', recorded: false };
    const full = total >= purchase.totalCents;
    const at = new Date().toISOString();
    const refunded: Purchase = { ...purchase, refundedCents: total, ...(full ? { state: 'refunded', refundedAt: at } : {}) };
    const alongside: TransactItem[] = [
      activityPut(
        'payment_refunded',
        `${formatCents(total - before)} of ${purchase.name} (${purchase.reference}) refunded (${reason})${full ? ': refunded in full, no longer owed' : ''}`,
        app.id,
      ),
      ...(app.email
        ? [
            outboxPut({
              kind: 'refund_sent',
              to: app.email,
              applicationId: app.id,
              dedupeKey: `refund:${app.id}:${purchase.id}:${total}`,
              payload: {
                firstName: app.firstName ?? '',
                businessName: app.businessName ?? '',
                amountCents: total - before,
                refundedCents: total,
                paidCents: purchase.totalCents,
                full,
                reason,
                arrival: refundArrival(purchase.provider),
                refundedAt: at,
              },
            }),
          ]
        : []),
      ...(eventDone ? [eventDone('purchase-refunded')] : []),
    ];
    if (await recordPurchaseRefund(app, refunded, alongside)) return { outcome: 'purchase-refunded', recorded: Boolean(eventDone) };
  }
  throw new Error(`Could not record the refund of purchase ${purchaseId} for order ${applicationId}: it kept changing`);
}

/**
 * Staff refund of an add-on bought after payment (POST /api/staff/applications/{id}/refund with
 * `purchaseId`): part or all of what is left of its payment, through Stripe for a card (the
 * idempotency key is the purchase and the amount refunded before, so two requests made on the
 * same read refund once), nothing to send back for the offline test card. 409 `nothing_to_refund`,
 * `refund_amount`.
 */
export async function refundPurchase(app: ApplicationItem, purchaseId: string, amountCents: number, reason: string, by: string): Promise<void> {
  const purchase = app.purchases?.find((p) => p.id === purchaseId);
  if (purchase?.state !== 'paid' || !purchase.reference)
    throw new ConflictError('Only a paid add-on bought after payment can be refunded this way', 'nothing_to_refund');
  const before = purchase.refundedCents ?? 0;
  const left = purchase.totalCents - before;
  if (amountCents > left)
    throw new ConflictError(`At most ${formatCents(left)} of ${purchase.name} is left to refund`, 'refund_amount', { refundableCents: left });
  if (purchase.provider === 'stripe') {
    const stripe = await stripeClient();
    if (!stripe) throw new ConflictError('Stripe is not configured here, so this card payment cannot be refunded from the dashboard', 'not_configured');
    const refund = await stripe.refunds.create(
      {
        payment_intent: purchase.reference,
        amount: amountCents,
        reason: 'requested_by_customer',
        metadata: { applicationId: app.id, purpose: PURCHASE_PURPOSE, purchaseId, reason: reason.slice(0, 500), by },
      },
      { idempotencyKey: `refund:${app.id}:${purchaseId}:${before}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new ConflictError(`Stripe could not refund this payment (${refund.failure_reason ?? refund.status}): nothing was refunded`, 'refund_failed');
  }
  await recordPurchaseRefundOf(app.id, purchaseId, before + amountCents, undefined, reason);
}
