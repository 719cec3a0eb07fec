import { ADD_ON_KEYS, addOnFlags } from '#shared/catalog/catalog.ts';
import type { AnnualReportService } from '#shared/compliance/annual-report-service.ts';
import type { RenewalCard } from '#shared/compliance/renewal-charges.ts';
import { TERMS_VERSION } from '#shared/legal/versions.ts';
import { formatCents } from '#shared/money.ts';
import { isSettledPayment, type PaymentProvider, PROVIDER_RECEIPT_NAMES } from '#shared/payments/methods.ts';
import { type ApplicationOrder, orderForApplication } from '#shared/payments/order.ts';
import { formatRefundCents, type RefundEntry, refundArrival } from '#shared/payments/refunds.ts';
import { expiryAfterDays, UNPAID_APPLICATION_RETENTION_DAYS } from '#shared/retention.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '#shared/state-facts/our-prices.ts';
import type { WizardData } from '#shared/wizard/data.schema.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { refundedCounterUpdate, statusCounterUpdate } from '../counters.ts';
import { searchIndexChanges } from '../search-index.ts';
import {
  type ApplicationItem,
  changedMeanwhile,
  displayName,
  ItemUpdate,
  LIST_PARTITION,
  type PaymentReview,
  readItem,
  update,
  updateWith,
  versionOf,
  whyNotWritten,
} from './item.ts';
import { OPEN_VALUES, paymentInProgress, wizardRules } from './wizard.ts';

/**
 * The payment's writes on the application: the order frozen when payment starts, cancelled or
 * confirming, then paid, held for review, failed or refunded. Deciding whether a payment counts
 * is functions/data/payments.ts; these are the writes it decides on.
 */

/** A payment for an application that is already paid (or refunded). */
export const alreadyPaid = () => new ConflictError('This application has already been paid', 'already_paid');

const PAYMENT_FIELDS = [
  'id',
  'status',
  'state',
  // The home state's deadlines join the compliance calendar's reminder rows written with the payment.
  'residenceState',
  'businessName',
  'firstName',
  'lastName',
  'email',
  ...ADD_ON_KEYS,
  'paymentStatus',
  'paymentIntentId',
  'paymentIntentAmountCents',
  'paymentIntentProvider',
  'paymentIntentSecretHash',
  'paymentProvider',
  'paymentReference',
  'amountPaidCents',
  'paidAt',
  'pricedOrder',
  'paymentConfirming',
  'review',
  'refundedReference',
  // Checkout's agreement to the annual reports, recorded with the payment (docs/decisions/0434).
  'paymentAnnualReports',
  'annualReportService',
] as const satisfies readonly (keyof ApplicationItem)[];

/** The application fields payments read, and the version they were read at. */
export type PaymentApplication = Pick<ApplicationItem, (typeof PAYMENT_FIELDS)[number]> & { version: number };

export function toPaymentApplication(item: ApplicationItem): PaymentApplication {
  const out: Record<string, unknown> = {};
  for (const field of PAYMENT_FIELDS) if (item[field] !== undefined) out[field] = item[field];
  return { ...(out as Pick<ApplicationItem, (typeof PAYMENT_FIELDS)[number]>), id: item.id, version: versionOf(item) };
}

/** Hours after payment at which missing filing details are asked for once more by email. */
export const DETAILS_REMINDER_AFTER_HOURS = 24;

/**
 * Payment starts: the order is frozen. The provider intent (or session) and the price it was
 * made for are stored with a snapshot of the priced fields, at the version read; from now on
 * the visitor cannot change the application without first cancelling this payment, and a
 * payment counts only if it matches the snapshot. Only an application that passes every
 * submission rule may be paid (400 naming the steps).
 */
export async function beginPayment(
  app: ApplicationItem,
  order: ApplicationOrder,
  intent: { id: string; provider: PaymentProvider; secretHash?: string; savesCard?: boolean; annualReports?: AnnualReportService },
): Promise<void> {
  // Items hold only what was saved: the missing fields are the wizard's empty defaults.
  const { submissionProblems, initialWizardData } = await wizardRules();
  const problems = submissionProblems({ ...initialWizardData(app.userId ?? ''), ...app } as WizardData);
  if (Object.keys(problems).length)
    throw new ValidationError('The application is not complete yet: finish the wizard before paying', problems, 'application_incomplete');
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('(attribute_not_exists(#paymentStatus) OR #paymentStatus = :unpaid OR #paymentStatus = :failed OR #paymentStatus = :pending)', {
      ...OPEN_VALUES,
      ':pending': 'pending',
    })
    .when('attribute_not_exists(#paymentConfirming)')
    .set('paymentIntentId', intent.id)
    .set('paymentIntentAmountCents', order.totalCents)
    .set('paymentIntentProvider', intent.provider)
    .set('paymentStatus', 'pending')
    .set('pricedOrder', {
      totalCents: order.totalCents,
      state: order.state.code,
      // Every add-on's flag, as sold (shared/catalog/entries.ts).
      ...addOnFlags(app),
      addOnPrices: order.addOnPrices,
      pricedAt: now,
    })
    .set('termsVersion', TERMS_VERSION)
    // Starting a payment is a change: the unpaid application's 30 days start again (its TTL).
    .set('expiresAt', expiryAfterDays(UNPAID_APPLICATION_RETENTION_DAYS))
    .set('updatedAt', now)
    .remove('paymentError');
  // Checkout's consent to keep the card for the renewal travels with the payment it saves the card of.
  if (intent.savesCard) change.set('paymentSavesCard', true);
  else change.remove('paymentSavesCard');
  // So does its agreement to the annual reports, frozen at this moment's price (docs/decisions/0434).
  if (intent.annualReports) change.set('paymentAnnualReports', intent.annualReports);
  else change.remove('paymentAnnualReports');
  if (intent.secretHash) change.set('paymentIntentSecretHash', intent.secretHash);
  else change.remove('paymentIntentSecretHash');
  if (!(await update(change)))
    throw await whyNotWritten(app.id, (latest) =>
      isSettledPayment(latest.paymentStatus)
        ? alreadyPaid()
        : latest.paymentConfirming
          ? paymentInProgress()
          : changedMeanwhile('the payment was being set up'),
    );
}

/**
 * Cancels the open payment (already cancelled at the provider, or one no money can reach),
 * unfreezing the application for a change: only at the version read and only while no
 * confirmation is under way. 409 payment_in_progress otherwise.
 */
export async function cancelPendingPayment(app: ApplicationItem): Promise<void> {
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :pending AND attribute_not_exists(#paymentConfirming)', { ':pending': 'pending' })
    .set('paymentStatus', 'unpaid')
    .set('updatedAt', new Date().toISOString())
    .remove('paymentIntentId')
    .remove('paymentIntentAmountCents')
    .remove('paymentIntentProvider')
    .remove('paymentIntentSecretHash')
    .remove('pricedOrder');
  if (!(await update(change))) throw paymentInProgress();
}

/** The confirmation of `intentId` starts on the server (test card, Klarna order, Apple Pay charge, Amazon Pay completion): from now on no visitor change can cancel it. */
export async function beginConfirmation(app: ApplicationItem, intentId: string): Promise<ApplicationItem> {
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentIntentId = :intent AND #paymentStatus = :pending', { ':intent': intentId, ':pending': 'pending' })
    .set('paymentConfirming', intentId)
    .set('updatedAt', new Date().toISOString());
  if (!(await update(change))) throw new ConflictError('This payment session has expired: refresh the page and try again', 'payment_session_expired');
  return { ...app, paymentConfirming: intentId, version: versionOf(app) + 1 };
}

/**
 * Fulfilment's write: the application as read (`app`, at its version) becomes paid, a draft
 * also submitted with the dashboard counter, with an activity entry, in one transaction. The
 * expiry is removed: a paid order is kept. A write since the read is a 409 version_conflict:
 * read again and decide again.
 */
export async function markPaid(
  app: PaymentApplication,
  payment: { provider: PaymentProvider; reference: string; amountCents: number; currency: string; card?: RenewalCard },
  also: TransactItem[] = [],
): Promise<void> {
  const now = new Date().toISOString();
  const fromDraft = !app.status || app.status === 'draft';
  const change = new ItemUpdate(app.id)
    .atVersion(app.version)
    .set('paymentStatus', 'paid')
    .set('amountPaidCents', payment.amountCents)
    .set('paymentProvider', payment.provider)
    .set('paymentReference', payment.reference)
    .set('paymentCurrency', payment.currency.toLowerCase())
    .set('paidAt', now)
    .set('updatedAt', now)
    .remove('paymentError')
    .remove('paymentConfirming')
    .remove('expiresAt')
    .remove('paymentSavesCard')
    .remove('paymentAnnualReports')
    // Paid: off the unpaid list, waiting for the customer's filing details (saved only once paid,
    // ./order-page.ts, which then queues it as ready). Money taken is always somebody's work.
    .queueAt('details', now);
  // The card the customer agreed at checkout to keep for the renewal (the provider's ids only).
  if (payment.card) change.set('renewalCard', payment.card);
  // The annual reports agreed at checkout: the same record as the order page's agreement, at the
  // price frozen when this payment started, with its row, activity and email (docs/decisions/0434).
  // Once only: this write is at the version read, and a paid order is never marked paid again.
  const agreement = app.paymentAnnualReports && !app.annualReportService ? app.paymentAnnualReports : undefined;
  if (agreement) change.set('annualReportService', agreement);
  if (fromDraft) change.set('status', 'submitted').set('listPartition', LIST_PARTITION).set('submittedAt', now);
  const who = app.businessName || [app.firstName, app.lastName].filter(Boolean).join(' ') || app.id;
  const alongside: TransactItem[] = fromDraft ? [statusCounterUpdate('draft', 'submitted')] : [];
  alongside.push(activityPut('payment_received', `Payment of ${formatCents(payment.amountCents)} received from ${who} (${payment.provider})`, app.id));
  // The receipt is queued in the same transaction: it exists exactly when the payment does.
  const order = orderForApplication(app);
  if (app.email && order) {
    alongside.push(
      outboxPut({
        kind: 'payment_received',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `paid:${app.id}`,
        payload: {
          firstName: app.firstName ?? '',
          businessName: app.businessName ?? '',
          stateName: order.state.name,
          lines: order.lines.map(({ label, amount }) => ({ label, amount })),
          total: payment.amountCents / 100,
          paidAt: now,
          provider: PROVIDER_RECEIPT_NAMES[payment.provider] ?? payment.provider,
          processingTime: order.processingTime,
          registeredAgentRenewalUsd: REGISTERED_AGENT_RENEWAL_USD,
        },
      }),
      // One reminder if the filing details are still missing a day later (the sender drops it
      // when they are complete by then: functions/email/deliver.ts).
      outboxPut(
        {
          kind: 'details_reminder',
          to: app.email,
          applicationId: app.id,
          dedupeKey: `details-reminder:${app.id}`,
          payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '' },
        },
        Date.now(),
        { sendAt: Date.now() + DETAILS_REMINDER_AFTER_HOURS * 3600_000 },
      ),
    );
  }
  // The compliance calendar's reminders (at most 5 rows), dated from the payment until the state files the LLC.
  // Imported on use: the state rules behind them stay out of the cold start of the payment routes that never mark an order paid.
  const { reminderPuts } = await import('../reminders.ts');
  alongside.push(...reminderPuts({ ...app, paymentStatus: 'paid', paidAt: now }), ...also);
  if (agreement) {
    const { agreementWrites } = await import('../annual-report-rows.ts');
    alongside.push(...agreementWrites({ ...app, paymentStatus: 'paid', paidAt: now } as ApplicationItem, agreement, Date.parse(now), 'checkout'));
  }
  // Staff search: a paid order's entries are kept (written again without the unpaid expiry).
  alongside.push(...searchIndexChanges(undefined, { ...app, paymentStatus: 'paid' }, { rewrite: true }));
  if (!(await updateWith(change, alongside))) throw changedMeanwhile('the payment was recorded');
}

/**
 * Money arrived that does not match the frozen order (another amount, a cancelled intent, an
 * order changed since it was priced): never recorded as paid. The application is held in
 * needs_review for staff, who refund it; the activity feed carries the alert.
 */
export async function markNeedsReview(app: PaymentApplication, review: Omit<PaymentReview, 'at'>, also: TransactItem[] = []): Promise<void> {
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id)
    .atVersion(app.version)
    .set('paymentStatus', 'needs_review')
    .set('review', { ...review, at: now })
    .queueAt('review', now)
    .set('updatedAt', now)
    .remove('paymentConfirming')
    .remove('expiresAt');
  const text = `Payment needs review: ${formatCents(review.amountCents)} ${review.currency.toUpperCase()} by ${review.provider} (${review.reference}) for ${displayName(app)}: ${review.reason}. Refund it.`;
  logger.error('payment held for review', { applicationId: app.id, provider: review.provider, reference: review.reference, reason: review.reason });
  // Staff search finds the held order to refund it (its entries kept, without the unpaid expiry).
  const index = searchIndexChanges(undefined, { ...app, paymentStatus: 'needs_review' }, { rewrite: true });
  if (!(await updateWith(change, [activityPut('payment_needs_review', text, app.id), ...also, ...index]))) throw changedMeanwhile('the payment was recorded');
}

/**
 * A declined or failed attempt of the order's current intent: recorded unless the application is
 * paid, refunded or held (false), or the failed intent is no longer its open one (false).
 * `also`: writes that belong to the same change (a provider event marked done).
 */
export async function recordPaymentFailure(applicationId: string, reference: string, message: string, also: TransactItem[] = []): Promise<boolean> {
  const change = new ItemUpdate(applicationId)
    // Only the order's current attempt: a late failure of an earlier intent must not unfreeze a newer payment.
    .when('#paymentIntentId = :failedIntent', { ':failedIntent': reference })
    .when('(attribute_not_exists(#paymentStatus) OR (#paymentStatus <> :paid AND #paymentStatus <> :refunded AND #paymentStatus <> :review))', {
      ':paid': 'paid',
      ':refunded': 'refunded',
      ':review': 'needs_review',
    })
    .set('paymentStatus', 'failed')
    .set('paymentError', message.slice(0, 500))
    .set('lastFailedPaymentReference', reference)
    .set('updatedAt', new Date().toISOString())
    .remove('paymentConfirming');
  return also.length ? updateWith(change, also) : update(change);
}

/** Which payment of the item a provider reference names, and how much money it holds. */
function refundBase(item: ApplicationItem, reference: string): { paidCents: number; provider?: string } | undefined {
  if (item.paymentReference === reference && isSettledPayment(item.paymentStatus) && item.paymentStatus !== 'needs_review')
    return { paidCents: item.amountPaidCents ?? 0, provider: item.paymentProvider };
  if (item.review?.reference === reference) return { paidCents: item.review.amountCents, provider: item.review.provider };
  // A refund of the open intent before its success was recorded (events arrive in any order).
  if (item.paymentIntentId === reference && !isSettledPayment(item.paymentStatus))
    return { paidCents: item.paymentIntentAmountCents ?? item.pricedOrder?.totalCents ?? 0, provider: item.paymentIntentProvider };
  return undefined;
}

export type RefundRecording = 'recorded' | 'already-recorded' | 'not-matching';

const MAX_REFUND_ATTEMPTS = 4;

/**
 * Records refunds of a payment of this application, whatever its state and whenever they arrive:
 * the paid payment, the open intent (a refund that came before the intent's success) or a payment
 * held for review. Each refund is recorded once, by its id (the provider's refund id), whoever
 * reports it first (the staff request, charge.refunded, refund.created); the refunded amount is
 * their sum, never above what was paid. Below it the order stays paid and keeps moving; at it the
 * order is refunded: out of the work queue and the pending count, its business name free again,
 * and final (a success that still arrives changes nothing: functions/data/payments.ts). Each new
 * refund emails the customer what was refunded and when to expect it, in the same transaction.
 * Written at the version read, read again after a concurrent change. `also`: writes of the same
 * change (a provider event marked done, the dispute it closes); `extra`: fields it sets.
 */
export async function recordRefunds(
  applicationId: string,
  reference: string,
  entries: readonly RefundEntry[],
  options: { actor?: AuditActor; also?: () => TransactItem[]; extra?: (change: ItemUpdate, context: { full: boolean; item: ApplicationItem }) => void } = {},
): Promise<RefundRecording> {
  for (let attempt = 1; attempt <= MAX_REFUND_ATTEMPTS; attempt++) {
    const item = await readItem(applicationId);
    if (!item) return 'not-matching';
    const base = refundBase(item, reference);
    if (!base) return 'not-matching';
    const known = new Set((item.refunds ?? []).map((r) => r.id));
    const fresh = entries.filter((e, i) => e.amountCents > 0 && !known.has(e.id) && entries.findIndex((x) => x.id === e.id) === i);
    if (!fresh.length) return 'already-recorded';
    // Items refunded before refunds were itemised carry the amount only.
    const before = item.amountRefundedCents ?? (item.paymentStatus === 'refunded' ? base.paidCents : 0);
    const total = Math.min(base.paidCents, before + fresh.reduce((sum, e) => sum + e.amountCents, 0));
    const full = total >= base.paidCents;
    const now = new Date().toISOString();
    const change = new ItemUpdate(applicationId).atVersion(versionOf(item)).append('refunds', fresh).set('amountRefundedCents', total).set('updatedAt', now);
    const newlyRefunded = full && item.paymentStatus !== 'refunded';
    if (newlyRefunded)
      change
        .set('paymentStatus', 'refunded')
        .set('refundedReference', reference)
        .set('refundedAt', now)
        .queueAt(undefined, now)
        .remove('paymentConfirming')
        .remove('expiresAt');
    options.extra?.(change, { full, item });
    const alongside: TransactItem[] = [];
    for (const entry of fresh) {
      alongside.push(
        activityPut(
          'payment_refunded',
          `${formatRefundCents(entry.amountCents)} of payment ${reference} refunded to ${displayName(item)} (${entry.source === 'staff' ? `by ${entry.by ?? 'staff'}` : entry.source === 'dispute' ? 'chargeback lost' : 'by the provider'}: ${entry.reason})${full ? ': refunded in full' : ''}`,
          applicationId,
        ),
      );
      if (item.email)
        alongside.push(
          outboxPut({
            kind: 'refund_sent',
            to: item.email,
            applicationId,
            dedupeKey: `refund:${applicationId}:${entry.id}`,
            payload: {
              firstName: item.firstName ?? '',
              businessName: item.businessName ?? '',
              amountCents: entry.amountCents,
              refundedCents: total,
              paidCents: base.paidCents,
              full,
              reason: entry.source === 'dispute' ? 'your card issuer decided the dispute of this payment in your favour' : entry.reason,
              arrival: refundArrival(base.provider),
              refundedAt: entry.at,
            },
          }),
        );
    }
    // A refunded order leaves the pending count (its status stays what the work reached).
    const status = item.status ?? 'submitted';
    if (newlyRefunded && status !== 'draft') alongside.push(refundedCounterUpdate(status));
    // A staff refund (not a provider's notice) is audited with the person, in the same transaction.
    if (options.actor)
      alongside.push(
        auditPut({
          actor: options.actor,
          action: 'payment_refunded',
          applicationId,
          subject: reference,
          before: { paymentStatus: item.paymentStatus, amountRefundedCents: before },
          after: {
            paymentStatus: newlyRefunded ? 'refunded' : item.paymentStatus,
            amountRefundedCents: total,
            refunded: fresh.map((e) => ({ amountCents: e.amountCents, reason: e.reason })),
          },
        }),
      );
    alongside.push(...(options.also?.() ?? []));
    if (await updateWith(change, alongside)) return 'recorded';
  }
  throw changedMeanwhile('the refund was recorded');
}
