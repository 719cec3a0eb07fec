import type Stripe from 'stripe';
import { deadlineSeries } from '#shared/compliance/calendar.ts';
import { addDays, addYears, dayOf } from '#shared/compliance/dates.ts';
import { RENEWAL_GRACE_DAYS, type RenewalCharge, type RenewalEvent } from '#shared/compliance/renewal-charges.ts';
import { formatCents } from '#shared/money.ts';
import { findState } from '#shared/states.ts';
import { activityPut } from '../data/activity.ts';
import { calendarInputOf } from '../data/applications/calendar-input.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { recordRenewalOutcome } from '../data/applications/renewal.ts';
import { auditPut, SYSTEM_ACTOR } from '../data/audit.ts';
import { renewalRowDelete, renewalRowPut } from '../data/reminders.ts';
import type { TransactItem } from '../lib/clients/dynamodb-sdk.ts';
import type { NewEmail } from '../outbox/messages.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { type ChargeResult, chargeSavedCard } from './off-session-charge.ts';

/**
 * Charging a renewal period and recording what came of it (docs/decisions/0345-renewal-charges.md).
 * The charge is made off-session on the card saved at checkout, for the agreed price the claim
 * carries, with a Stripe idempotency key per order and period: a sweep that retries after a crash
 * gets the first attempt's answer, never a second charge. Each outcome is one transaction: the
 * order's renewal state and history, the staff activity entry, the audit entry, the email and the
 * sweep's row.
 */

/** Stripe metadata `purpose` of every renewal PaymentIntent (the webhook routes them here, not to checkout's fulfilment). */
export const RENEWAL_PURPOSE = 'registered-agent-renewal';

export type { ChargeResult } from './off-session-charge.ts';

/** The idempotency key of a period's off-session charge: one charge per order and period, however often it is tried. */
export const renewalChargeKey = (applicationId: string, period: string) => `renewal:${applicationId}:${period}`;

/** Charges the claimed period on the saved card, without the customer. */
export function chargeOffSession(app: Pick<ApplicationItem, 'id' | 'renewalCard'>, charge: RenewalCharge): Promise<ChargeResult> {
  return chargeSavedCard(app.renewalCard, {
    applicationId: app.id,
    amountCents: charge.amountCents,
    idempotencyKey: renewalChargeKey(app.id, charge.period),
    description: `Registered agent renewal from ${charge.period}`,
    metadata: { purpose: RENEWAL_PURPOSE, period: charge.period },
  });
}

/** The renewal dates of an order (its formation date plus one year, yearly). */
function renewalDates(app: ApplicationItem): string[] {
  const input = calendarInputOf(app);
  return (input && deadlineSeries(input).find((s) => s.kind === 'registered-agent-renewal')?.dates) ?? [];
}

/** The renewal after `period`. */
export function nextRenewalOf(app: ApplicationItem, period: string): string {
  return renewalDates(app).find((d) => d > period) ?? addYears(period, 1);
}

interface Customer {
  firstName: string;
  businessName: string;
  stateName: string;
}

const customerOf = (app: ApplicationItem): Customer => {
  const code = app.pricedOrder?.state ?? app.state ?? '';
  return { firstName: app.firstName ?? '', businessName: app.businessName ?? '', stateName: findState(code)?.name ?? code };
};

/** The email of an outcome, once per order, period and kind (its message id). */
function email(app: ApplicationItem, period: string, message: Omit<NewEmail, 'to' | 'applicationId' | 'dedupeKey'>, now: number): TransactItem[] {
  if (!app.email) return [];
  return [outboxPut({ ...message, to: app.email, applicationId: app.id, dedupeKey: `renewal:${app.id}:${period}:${message.kind}` } as NewEmail, now)];
}

const audit = (app: ApplicationItem, action: 'renewal_charged' | 'renewal_charge_failed' | 'renewal_lapsed', period: string, after: unknown, now: number) =>
  auditPut({ actor: SYSTEM_ACTOR, action, applicationId: app.id, subject: `registered agent renewal from ${period}`, after }, new Date(now));

/**
 * Records the period paid (charged by the sweep, or paid from the emailed link), with its receipt,
 * and moves the sweep's row on to the next renewal. False when the charge changed since `read`.
 */
export async function recordPaid(
  app: ApplicationItem,
  read: RenewalCharge,
  reference: string,
  via: 'charged' | 'paid-by-link',
  now: number,
  also: TransactItem[] = [],
): Promise<boolean> {
  const at = new Date(now).toISOString();
  const next = nextRenewalOf(app, read.period);
  const card = via === 'charged' && app.renewalCard?.last4 ? app.renewalCard.last4 : undefined;
  const event: RenewalEvent = { kind: via, period: read.period, amountCents: read.amountCents, at, ...(card ? { detail: `card ending ${card}` } : {}) };
  const what = via === 'charged' ? `charged${card ? ` to the card ending ${card}` : ''}` : 'paid by the customer from the payment link';
  return recordRenewalOutcome(
    app,
    read,
    { state: 'paid', reference, paidAt: at },
    event,
    [
      activityPut('renewal_charged', `Registered agent renewal from ${read.period}: ${formatCents(read.amountCents)} ${what} (${reference})`, app.id),
      audit(app, 'renewal_charged', read.period, { amountCents: read.amountCents, reference, via }, now),
      ...email(
        app,
        read.period,
        {
          kind: 'renewal_charged',
          payload: { ...customerOf(app), period: read.period, amountCents: read.amountCents, ...(card ? { cardLast4: card } : {}), nextRenewalOn: next },
        },
        now,
      ),
      renewalRowPut(app.id, next, next, now),
      ...also,
    ],
    now,
  );
}

/** Records a failed charge: payment due from the customer until the grace period ends, the payment link emailed. */
export async function recordFailed(app: ApplicationItem, read: RenewalCharge, failure: { code: string; message: string }, now: number): Promise<boolean> {
  const at = new Date(now).toISOString();
  const graceEndsOn = addDays(dayOf(now), RENEWAL_GRACE_DAYS);
  const event: RenewalEvent = { kind: 'charge-failed', period: read.period, amountCents: read.amountCents, at, detail: failure.message };
  return recordRenewalOutcome(
    app,
    read,
    { state: 'payment-due', failure: { ...failure, at }, graceEndsOn },
    event,
    [
      activityPut(
        'renewal_charge_failed',
        `Registered agent renewal from ${read.period}: the ${formatCents(read.amountCents)} charge failed (${failure.code}); payment link emailed, lapses after ${graceEndsOn}`,
        app.id,
      ),
      audit(app, 'renewal_charge_failed', read.period, { amountCents: read.amountCents, code: failure.code, graceEndsOn }, now),
      ...email(
        app,
        read.period,
        {
          kind: 'renewal_payment_due',
          payload: {
            ...customerOf(app),
            period: read.period,
            amountCents: read.amountCents,
            reason: failure.message,
            graceEndsOn,
            graceDays: RENEWAL_GRACE_DAYS,
          },
        },
        now,
      ),
      // The sweep comes back the day after the grace period's last day, to lapse it if still unpaid.
      renewalRowPut(app.id, read.period, addDays(graceEndsOn, 1), now),
    ],
    now,
  );
}

/** Records the lapse of a period not paid within the grace period, with its email; the sweep's row is removed. */
export async function recordLapsed(app: ApplicationItem, read: RenewalCharge, now: number): Promise<boolean> {
  const at = new Date(now).toISOString();
  const event: RenewalEvent = { kind: 'lapsed', period: read.period, amountCents: read.amountCents, at };
  return recordRenewalOutcome(
    app,
    read,
    { state: 'lapsed', lapsedAt: at },
    event,
    [
      activityPut(
        'renewal_lapsed',
        `Registered agent renewal from ${read.period} lapsed: ${formatCents(read.amountCents)} not paid by ${read.graceEndsOn}; the service has ended`,
        app.id,
      ),
      audit(app, 'renewal_lapsed', read.period, { amountCents: read.amountCents, graceEndsOn: read.graceEndsOn }, now),
      ...email(
        app,
        read.period,
        {
          kind: 'renewal_lapsed',
          payload: { ...customerOf(app), period: read.period, amountCents: read.amountCents, graceDays: RENEWAL_GRACE_DAYS, lapsedOn: dayOf(now) },
        },
        now,
      ),
      renewalRowDelete(app.id),
    ],
    now,
  );
}

/** A renewal PaymentIntent the provider reports succeeded (its webhook): the metadata names the order and period. */
export type RenewalIntent = Pick<Stripe.PaymentIntent, 'id' | 'amount' | 'amount_received' | 'currency' | 'metadata'>;
