import type Stripe from 'stripe';
import {
  ANNUAL_REPORT_GRACE_DAYS,
  ANNUAL_REPORT_NOTICE_DAYS,
  ANNUAL_REPORT_SERVICE_DEFAULT_USD,
  type AnnualReportCharge,
  type AnnualReportEvent,
  type AnnualReportFiling,
  annualReportAgreement,
  annualReportServiceAvailability,
  chargeDayOf,
  nextChargeableReport,
  reportDueDates,
} from '#shared/compliance/annual-report-service.ts';
import { addDays, dayOf } from '#shared/compliance/dates.ts';
import { formatExactCents } from '#shared/money.ts';
import type { OperatorSettings } from '#shared/operator/facts.ts';
import { type TestCard, testCardOutcome } from '#shared/payments/test-cards.ts';
import { stateLinksOf } from '#shared/staff/state-links.ts';
import { type ActivityAction, activityPut } from '../data/activity.ts';
import { agreementWrites, annualReportEmail, chargeRowDelete, chargeRowPut, nextReportRow } from '../data/annual-report-rows.ts';
import {
  agreeAnnualReportsWrite,
  cancelAnnualReportsWrite,
  recordAnnualReportFilingWrite,
  resumeAnnualReportsWrite,
} from '../data/applications/annual-report.ts';
import { calendarInputOf } from '../data/applications/calendar-input.ts';
import { type ApplicationItem, changedMeanwhile } from '../data/applications/item.ts';
import { findApplication } from '../data/applications/reads.ts';
import { type ChargeFields, claimCharge, recordChargeOutcome } from '../data/applications/recurring-charge.ts';
import { type AuditActor, auditPut, SYSTEM_ACTOR } from '../data/audit.ts';
import { ANNUAL_REPORT_FILING_QUEUE, ANNUAL_REPORT_QUEUE, dueRowsPage, moveReminderOn, type ReminderRow } from '../data/reminders.ts';
import { cardMode, notConfigured } from '../lib/card-mode.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { type TransactItem, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { ConflictError, PaymentRequiredError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { chargeSavedCard } from './off-session-charge.ts';
import { mapLimit } from './sweep-pages.ts';

/**
 * Annual reports filed for the customer (docs/decisions/0431-annual-reports-filed-for-the-customer.md):
 * the agreement with its frozen price, the cancellation and its undo, the sweep that sends the
 * notices and charges each report before its due date on the card kept at checkout (the
 * renewal's claim with a lease and conditional record, functions/data/applications/recurring-charge.ts,
 * and its off-session charge, functions/compliance/off-session-charge.ts), and staff's record of a filed
 * report with the state's receipt.
 */

/** Stripe metadata `purpose` of the service's PaymentIntents: the webhook leaves them to the sweep. */
export const ANNUAL_REPORT_PURPOSE = 'annual-report';
const FIELDS: ChargeFields = {
  charge: 'annualReportCharge',
  history: 'annualReportHistory',
  cancelledAt: 'annualReportCancelledAt',
  agreement: 'annualReportService',
};
/** As the renewal's (functions/compliance/renewal-sweep.ts): longer than a sweep may run. */
export const ANNUAL_REPORT_LEASE_MS = 10 * 60_000;
/** The row's `daysBefore` of the lapse after the grace period (the notices count down to 0, the charge). */
const LAPSE_STAGE = -1;

export const annualReportChargeKey = (applicationId: string, dueOn: string) => `annual-report:${applicationId}:${dueOn}`;

// ------------------------------------------------------------------------------------------
// The rows (the reminders table, docs/decisions/0431)

const remindersTable = () => tableName('reminders');

const filingSeries = (dueOn: string) => `annual-report-filing:${dueOn}`;
/** The staff's list row of a report to file, removed once it is filed or refunded. */
export const filingRowDelete = (applicationId: string, dueOn: string): TransactItem => ({
  Delete: { TableName: remindersTable(), Key: { applicationId, series: filingSeries(dueOn) } },
});
/** A paid report on the staff's list of reports to file, dated on its due date. */
function filingRowPut(applicationId: string, dueOn: string, now: number): TransactItem {
  const row: ReminderRow = {
    applicationId,
    series: filingSeries(dueOn),
    queue: ANNUAL_REPORT_FILING_QUEUE,
    dueOn,
    daysBefore: 0,
    sendOn: dueOn,
    updatedAt: new Date(now).toISOString(),
  };
  return { Put: { TableName: remindersTable(), Item: row } };
}

// ------------------------------------------------------------------------------------------
// Emails, activity, audit

/** The service's email (kind `annual_report`) to the order's address, once per `dedupe`; none without an address. */
export const email = annualReportEmail;

const audit = (
  app: ApplicationItem,
  action: 'annual_report_charged' | 'annual_report_charge_failed' | 'annual_report_lapsed' | 'annual_report_filed',
  dueOn: string,
  after: unknown,
  now: number,
  actor: AuditActor = SYSTEM_ACTOR,
) => auditPut({ actor, action, applicationId: app.id, subject: `annual report due ${dueOn}`, after }, new Date(now));

const activity = (action: ActivityAction, text: string, app: ApplicationItem) => activityPut(action, text, app.id);

// ------------------------------------------------------------------------------------------
// The customer's agreement, cancellation and undo

/** What the order page shows of the service. */
export interface AnnualReportView {
  available: boolean;
  reason?: string;
  status: 'not-agreed' | 'active' | 'cancelled';
  priceCents?: number;
  nextDueOn?: string;
  chargeOn?: string;
  charge?: AnnualReportCharge;
  history: AnnualReportEvent[];
  filings: AnnualReportFiling[];
  /** The last four digits of the card kept at checkout, which each report is charged to (absent: none is kept, a link is emailed). */
  cardLast4?: string;
}

const stateOf = (app: ApplicationItem) => (app.pricedOrder?.state ?? app.state ?? '').toUpperCase();

export function annualReportView(app: ApplicationItem, now = Date.now()): AnnualReportView {
  const sold = annualReportServiceAvailability(stateOf(app));
  const svc = app.annualReportService;
  const formed = calendarInputOf(app)?.formationDate;
  const nextDueOn = svc && formed ? nextChargeableReport(svc.state, formed, dayOf(now)) : undefined;
  return {
    available: sold.available,
    ...(sold.available ? {} : { reason: sold.reason }),
    status: !svc ? 'not-agreed' : app.annualReportCancelledAt ? 'cancelled' : 'active',
    ...(svc ? { priceCents: svc.priceCents } : {}),
    ...(nextDueOn ? { nextDueOn, chargeOn: chargeDayOf(nextDueOn) } : {}),
    ...(app.annualReportCharge ? { charge: app.annualReportCharge } : {}),
    history: app.annualReportHistory ?? [],
    filings: app.annualReportFilings ?? [],
    ...(app.renewalCard?.last4 ? { cardLast4: app.renewalCard.last4 } : {}),
  };
}

/**
 * The customer agrees, on the order page, to have each report filed and charged before it is due:
 * the price is frozen now (our fee in force plus the state's fee in the data). Agreeing again while
 * it stands answers the same agreement.
 */
export async function agreeToAnnualReports(
  app: ApplicationItem,
  settings: Pick<OperatorSettings, 'annualReportServiceUsd'> | undefined,
  now = Date.now(),
): Promise<AnnualReportView> {
  if (app.paymentStatus !== 'paid') throw new ConflictError('The order is not paid yet', 'not_paid');
  if (app.annualReportService) return annualReportView(app, now);
  const at = new Date(now).toISOString();
  const service = annualReportAgreement(stateOf(app), settings?.annualReportServiceUsd ?? ANNUAL_REPORT_SERVICE_DEFAULT_USD, at);
  if (!service) {
    const sold = annualReportServiceAvailability(stateOf(app));
    throw new ConflictError(sold.available ? 'Annual reports are not sold for this state' : sold.reason, 'not_sold');
  }
  const agreed = { ...app, annualReportService: service };
  const ok = await agreeAnnualReportsWrite(app.id, service, at, agreementWrites(app, service, now));
  const read = ok ? agreed : ((await findApplication(app.id)) ?? agreed);
  return annualReportView(read, now);
}

/** Cancels in one step, with the confirmation email: no claim is made after it (claimCharge's condition). */
export async function cancelAnnualReports(app: ApplicationItem, now = Date.now()): Promise<AnnualReportView> {
  const svc = app.annualReportService;
  if (!svc) throw new ConflictError('There is no annual report service to cancel', 'not_agreed');
  if (app.annualReportCancelledAt) return annualReportView(app, now);
  const at = new Date(now).toISOString();
  const view = annualReportView(app, now);
  await cancelAnnualReportsWrite(app.id, at, [
    chargeRowDelete(app.id),
    activity('annual_report_cancelled', 'Annual reports filed for the customer cancelled by the customer', app),
    ...email(app, `cancelled:${at}`, { event: 'cancelled', dueOn: view.nextDueOn ?? '', amountCents: svc.priceCents }, now),
  ]);
  return annualReportView({ ...app, annualReportCancelledAt: at }, now);
}

/** The undo: the service stands again at the price agreed, from the next report whose charge day has not passed. */
export async function resumeAnnualReports(app: ApplicationItem, now = Date.now()): Promise<AnnualReportView> {
  const svc = app.annualReportService;
  if (!svc || !app.annualReportCancelledAt) return annualReportView(app, now);
  const at = new Date(now).toISOString();
  const resumed = { ...app, annualReportCancelledAt: undefined };
  const row = nextReportRow(resumed, dayOf(now), now);
  const dueOn = (row[0]?.Put?.Item as ReminderRow | undefined)?.dueOn;
  await resumeAnnualReportsWrite(app.id, app.annualReportCancelledAt, at, [
    ...row,
    activity('annual_report_resumed', 'Annual reports filed for the customer resumed by the customer', app),
    ...(dueOn ? email(app, `resumed:${at}`, { event: 'resumed', dueOn, chargeOn: chargeDayOf(dueOn), amountCents: svc.priceCents }, now) : []),
  ]);
  return annualReportView(resumed, now);
}

// ------------------------------------------------------------------------------------------
// The sweep

export type AnnualReportOutcome = 'noticed' | 'charged' | 'payment-due' | 'lapsed' | 'moved-on' | 'dropped' | 'taken' | 'retry';

const write = (items: TransactItem[]) => ddb().send(new TransactWriteCommand({ TransactItems: items }));

/** Records a report paid: its history line, activity, audit, receipt email, the staff's list row and the next report's row. */
async function recordPaid(
  app: ApplicationItem,
  read: AnnualReportCharge,
  reference: string,
  now: number,
  via: 'charged' | 'paid-by-link' = 'charged',
  also: TransactItem[] = [],
): Promise<boolean> {
  const at = new Date(now).toISOString();
  const card = via === 'charged' ? app.renewalCard?.last4 : undefined;
  const event: AnnualReportEvent = {
    kind: via,
    period: read.period,
    amountCents: read.amountCents,
    at,
    ...(card ? { detail: `card ending ${card}` } : {}),
    // The payment a refund of this report gives back from (docs/decisions/0435), once a later report's charge replaces this one.
    reference,
  };
  return recordChargeOutcome(
    FIELDS,
    app,
    read,
    { state: 'paid', reference, paidAt: at },
    event,
    [
      activity(
        'annual_report_charged',
        `Annual report due ${read.period}: ${formatExactCents(read.amountCents)} ${via === 'charged' ? `charged${card ? ` to the card ending ${card}` : ''}` : 'paid by the customer from the link'} (${reference}); to file`,
        app,
      ),
      audit(app, 'annual_report_charged', read.period, { amountCents: read.amountCents, reference }, now),
      ...email(
        app,
        `${read.period}:charged`,
        { event: 'charged', dueOn: read.period, amountCents: read.amountCents, ...(card ? { cardLast4: card } : {}) },
        now,
      ),
      filingRowPut(app.id, read.period, now),
      ...(nextReportRow(app, dayOf(now), now, read.period).length ? nextReportRow(app, dayOf(now), now, read.period) : [chargeRowDelete(app.id)]),
      ...also,
    ],
    now,
  );
}

async function recordFailed(app: ApplicationItem, read: AnnualReportCharge, failure: { code: string; message: string }, now: number): Promise<boolean> {
  const at = new Date(now).toISOString();
  const graceEndsOn = addDays(dayOf(now), ANNUAL_REPORT_GRACE_DAYS);
  const event: AnnualReportEvent = { kind: 'charge-failed', period: read.period, amountCents: read.amountCents, at, detail: failure.message };
  return recordChargeOutcome(
    FIELDS,
    app,
    read,
    { state: 'payment-due', failure: { ...failure, at }, graceEndsOn },
    event,
    [
      activity(
        'annual_report_charge_failed',
        `Annual report due ${read.period}: the ${formatExactCents(read.amountCents)} charge failed (${failure.code}); link emailed, lapses after ${graceEndsOn}`,
        app,
      ),
      audit(app, 'annual_report_charge_failed', read.period, { amountCents: read.amountCents, code: failure.code, graceEndsOn }, now),
      ...email(
        app,
        `${read.period}:payment_due`,
        { event: 'payment_due', dueOn: read.period, amountCents: read.amountCents, reason: failure.message, graceEndsOn },
        now,
      ),
      chargeRowPut(app.id, read.period, LAPSE_STAGE, addDays(graceEndsOn, 1), now),
    ],
    now,
  );
}

async function recordLapsed(app: ApplicationItem, read: AnnualReportCharge, now: number): Promise<boolean> {
  const at = new Date(now).toISOString();
  const event: AnnualReportEvent = { kind: 'lapsed', period: read.period, amountCents: read.amountCents, at };
  return recordChargeOutcome(
    FIELDS,
    app,
    read,
    { state: 'lapsed', lapsedAt: at },
    event,
    [
      activity(
        'annual_report_lapsed',
        `Annual report due ${read.period}: ${formatExactCents(read.amountCents)} not paid by ${read.graceEndsOn}; not filed, the service has ended`,
        app,
      ),
      audit(app, 'annual_report_lapsed', read.period, { amountCents: read.amountCents, graceEndsOn: read.graceEndsOn }, now),
      ...email(app, `${read.period}:lapsed`, { event: 'lapsed', dueOn: read.period, amountCents: read.amountCents }, now),
      chargeRowDelete(app.id),
    ],
    now,
  );
}

/** One due row of one order: a notice, the charge, or the lapse, decided from the order as it is now. */
export async function processAnnualReportRow(row: ReminderRow, now = Date.now()): Promise<AnnualReportOutcome> {
  const dueOn = row.dueOn;
  const app = await findApplication(row.applicationId);
  const svc = app?.annualReportService;
  if (!app || !svc || app.annualReportCancelledAt || app.paymentStatus !== 'paid') {
    await write([chargeRowDelete(row.applicationId)]);
    return 'dropped';
  }
  // A row dated while the formation date was the payment's (an agreement at checkout, docs/decisions/0434)
  // names a report the state's filing date may have moved: not charged or noticed, it moves to the next real one.
  const formed = calendarInputOf(app)?.formationDate;
  if (formed && app.annualReportCharge?.period !== dueOn && !reportDueDates(svc.state, formed, 12).includes(dueOn)) {
    const next = nextReportRow(app, dayOf(now), now);
    await write(next.length ? next : [chargeRowDelete(app.id)]);
    return 'moved-on';
  }
  const today = dayOf(now);
  const chargeOn = chargeDayOf(dueOn);
  // A notice not sent by the charge day is not sent late: the charge is due.
  if (row.daysBefore > 0 && today < chargeOn) {
    const later = ANNUAL_REPORT_NOTICE_DAYS.find((d) => d < row.daysBefore && addDays(chargeOn, -d) >= today) ?? 0;
    const next = { dueOn, daysBefore: later, sendOn: addDays(chargeOn, -later) };
    const notice = email(
      app,
      `${dueOn}:notice:${row.daysBefore}`,
      { event: 'notice', dueOn, chargeOn, daysBefore: row.daysBefore, amountCents: svc.priceCents },
      now,
    );
    return (await moveReminderOn(row, next, notice, now)) === 'taken' ? 'taken' : 'noticed';
  }
  const charge = app.annualReportCharge?.period === dueOn ? app.annualReportCharge : undefined;
  if (charge?.state === 'paid') {
    await write(nextReportRow(app, dayOf(now), now, dueOn));
    return 'moved-on';
  }
  if (charge?.state === 'payment-due') {
    if (charge.graceEndsOn && dayOf(now) <= charge.graceEndsOn) return 'taken';
    return (await recordLapsed(app, charge, now)) ? 'lapsed' : 'taken';
  }
  if (charge?.state === 'lapsed') {
    await write([chargeRowDelete(app.id)]);
    return 'dropped';
  }
  if (charge?.state === 'charging' && (charge.leaseUntil ?? 0) >= now) return 'taken';
  const claimed = await claimCharge(FIELDS, app, dueOn, svc.priceCents, ANNUAL_REPORT_LEASE_MS, now);
  if (!claimed) return 'taken';
  const result = await chargeSavedCard(app.renewalCard, {
    applicationId: app.id,
    amountCents: claimed.amountCents,
    idempotencyKey: annualReportChargeKey(app.id, dueOn),
    description: `Annual report due ${dueOn}: state fee and filing`,
    metadata: { purpose: ANNUAL_REPORT_PURPOSE, dueOn },
  });
  if (result.kind === 'retry') {
    logger.warn('annual report charge to be retried', { applicationId: app.id, dueOn, reason: result.reason });
    return 'retry';
  }
  const recorded = result.kind === 'paid' ? await recordPaid(app, claimed, result.reference, now) : await recordFailed(app, claimed, result, now);
  if (!recorded) return 'taken';
  return result.kind === 'paid' ? 'charged' : 'payment-due';
}

/** The daily sweep of the service's rows due by today, each acted on once however often and concurrently it runs. */
export async function sweepAnnualReports(now = Date.now()): Promise<Record<AnnualReportOutcome, number>> {
  const counts: Record<AnnualReportOutcome, number> = { noticed: 0, charged: 0, 'payment-due': 0, lapsed: 0, 'moved-on': 0, dropped: 0, taken: 0, retry: 0 };
  const today = dayOf(now);
  let after: Record<string, unknown> | undefined;
  do {
    const page = await dueRowsPage(ANNUAL_REPORT_QUEUE, today, after);
    await mapLimit(page.rows, 4, async (row) => {
      try {
        counts[await processAnnualReportRow(row, now)]++;
      } catch (err) {
        logger.error('annual report row failed', { applicationId: row.applicationId, error: err as Error });
        counts.retry++;
      }
    });
    after = page.next;
  } while (after);
  return counts;
}

// ------------------------------------------------------------------------------------------
// Paying a declined report from the emailed link (the order page), and the webhook's record

export interface AnnualReportPayment {
  status: 'paid' | 'requires_payment';
  clientSecret?: string;
  annualReports: AnnualReportView;
}

/**
 * The customer pays the report whose charge failed, at the agreed price, before the grace period
 * ends: in local test mode the test card pays at once; with Stripe an on-session PaymentIntent
 * the page confirms, recorded by the webhook (recordAnnualReportIntent).
 */
export async function payAnnualReport(app: ApplicationItem, card: TestCard | undefined, now = Date.now()): Promise<AnnualReportPayment> {
  const charge = app.annualReportCharge;
  if (app.paymentStatus !== 'paid' || charge?.state !== 'payment-due')
    throw new ConflictError('There is no annual report payment due on this order', 'no_annual_report_payment_due');
  const mode = await cardMode();
  if (mode === 'test') {
    if (!card) throw new ValidationError('Enter the card to pay with', { card: ['Enter the card to pay with'] });
    const outcome = testCardOutcome(card.cardNumber);
    if (!outcome.ok) throw new PaymentRequiredError(outcome.message);
    const reference = `pi_test_annual_report_link_${app.id.replace(/\W/g, '')}_${charge.period.replace(/\W/g, '')}`;
    if (!(await recordPaid(app, charge, reference, now, 'paid-by-link'))) throw changedMeanwhile('the annual report was paid');
    return { status: 'paid', annualReports: annualReportView((await findApplication(app.id)) ?? app, now) };
  }
  const stripe = mode === 'stripe' ? await stripeClient() : undefined;
  if (!stripe) throw notConfigured('Card payment');
  const intent = await stripe.paymentIntents.create(
    {
      amount: charge.amountCents,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      description: `Annual report due ${charge.period}: state fee and filing`,
      metadata: { applicationId: app.id, purpose: ANNUAL_REPORT_PURPOSE, dueOn: charge.period },
    },
    { idempotencyKey: `annual-report-link:${app.id}:${charge.period}` },
  );
  if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
  return { status: 'requires_payment', clientSecret: intent.client_secret, annualReports: annualReportView(app, now) };
}

/**
 * A PaymentIntent of the service the provider reports succeeded: the off-session charge of a
 * sweep that did not record it (it crashed after charging), or the payment from the link. Recorded
 * once with `eventDone`; a report already paid, or not the order's current one, changes nothing.
 */
export async function recordAnnualReportIntent(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'amount' | 'amount_received' | 'currency' | 'metadata'>,
  eventDone: (outcome: string) => TransactItem,
  now = Date.now(),
): Promise<{ outcome: string; recorded: boolean }> {
  const applicationId = intent.metadata?.applicationId;
  const dueOn = intent.metadata?.dueOn;
  if (!applicationId || !dueOn) return { outcome: 'no-application', recorded: false };
  for (let attempt = 1; attempt <= 3; attempt++) {
    const app = await findApplication(applicationId);
    const charge = app?.annualReportCharge?.period === dueOn ? app.annualReportCharge : undefined;
    if (!app || !charge) return { outcome: 'annual-report-not-current', recorded: false };
    if (charge.state === 'paid') return { outcome: 'already-recorded', recorded: false };
    const amount = intent.amount_received || intent.amount;
    if (amount !== charge.amountCents || intent.currency.toLowerCase() !== 'usd') {
      logger.error('annual report payment does not match the agreed price', { applicationId, dueOn, amount, agreed: charge.amountCents });
      return { outcome: 'annual-report-amount-mismatch', recorded: false };
    }
    const via = charge.state === 'charging' ? 'charged' : 'paid-by-link';
    if (await recordPaid(app, charge, intent.id, now, via, [eventDone('annual-report-paid')])) return { outcome: 'annual-report-paid', recorded: true };
  }
  throw new Error(`Could not record annual report payment ${intent.id} for order ${applicationId}: it kept changing`);
}

// ------------------------------------------------------------------------------------------
// Staff: the list of paid reports to file, and recording one filed

export interface ReportToFile {
  applicationId: string;
  dueOn: string;
  state: string;
  businessName: string;
  /** The state's online annual-report page (shared/data/state-links.json), when the data names one. */
  annualReportUrl: string | null;
}

/** Every paid report still to file, across orders, soonest due first. */
export async function reportsToFile(): Promise<ReportToFile[]> {
  const out: ReportToFile[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await dueRowsPage(ANNUAL_REPORT_FILING_QUEUE, '9999-12-31', after);
    for (const row of page.rows) {
      const app = await findApplication(row.applicationId);
      if (!app) continue;
      const state = app.annualReportService?.state ?? stateOf(app);
      out.push({
        applicationId: app.id,
        dueOn: row.dueOn,
        state,
        businessName: app.businessName ?? '',
        annualReportUrl: stateLinksOf(state)?.annualReportUrl ?? null,
      });
    }
    after = page.next;
  } while (after);
  return out;
}

/**
 * Staff record a report filed: the state's confirmation number and the receipt they uploaded (an
 * `annual_report_receipt` document of the order). One transaction: the filing on the order, the
 * list's row removed, the activity and audit entries and the customer's email. Recording it again
 * answers the same record.
 */
export async function recordAnnualReportFiled(
  app: ApplicationItem,
  input: { dueOn: string; confirmation: string; receiptDocumentId: string },
  actor: AuditActor,
  now = Date.now(),
): Promise<AnnualReportFiling> {
  const done = (app.annualReportFilings ?? []).find((f) => f.dueOn === input.dueOn);
  if (done) return done;
  // Paid: the current charge, or one of the history's (a later report's charge may already be under way).
  const paid =
    (app.annualReportCharge?.period === input.dueOn && app.annualReportCharge.state === 'paid') ||
    (app.annualReportHistory ?? []).some((e) => e.period === input.dueOn && (e.kind === 'charged' || e.kind === 'paid-by-link'));
  if (!paid) throw new ConflictError(`The annual report due ${input.dueOn} is not paid for: nothing to record`, 'not_paid');
  // A refunded report is not ours to file any more (docs/decisions/0435).
  if ((app.annualReportHistory ?? []).some((e) => e.period === input.dueOn && e.kind === 'refunded'))
    throw new ConflictError(`The annual report due ${input.dueOn} was refunded, so we do not file it: the customer files it themselves`, 'report_refunded');
  const receipt = (app.documents ?? []).find((d) => d.id === input.receiptDocumentId && d.kind === 'annual_report_receipt');
  if (!receipt) throw new ConflictError("Upload the state's receipt (Annual report: the state's receipt) first", 'no_receipt');
  const at = new Date(now).toISOString();
  const filing: AnnualReportFiling = { dueOn: input.dueOn, confirmation: input.confirmation.trim(), receiptDocumentId: receipt.id, filedOn: dayOf(now) };
  const amountCents = app.annualReportService?.priceCents ?? app.annualReportCharge?.amountCents ?? 0;
  const ok = await recordAnnualReportFilingWrite(app.id, filing, at, [
    filingRowDelete(app.id, input.dueOn),
    activity('annual_report_filed', `Annual report due ${input.dueOn} filed (confirmation ${filing.confirmation}); receipt in the vault`, app),
    audit(app, 'annual_report_filed', input.dueOn, filing, now, actor),
    ...email(app, `${input.dueOn}:filed`, { event: 'filed', dueOn: input.dueOn, amountCents, confirmation: filing.confirmation }, now),
  ]);
  if (!ok) throw new ConflictError('The order changed while recording the report; reload it and try again', 'version_conflict');
  return filing;
}
