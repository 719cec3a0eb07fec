import { complianceCalendar, dbaReminderTitle, deadlineSeries } from '#shared/compliance/calendar.ts';
import { addDays, dayOf } from '#shared/compliance/dates.ts';
import { nextReminder, type ScheduledReminder } from '#shared/compliance/reminders.ts';
import taxForms from '#shared/data/payer-tax-forms.json' with { type: 'json' };
import { payerTaxFormEvents } from '#shared/payers/calendar.ts';
import { form1099Check, incomeMapFor, payersExpectedToSend } from '#shared/payers/form-1099-check.ts';
import { forms1099CheckDay } from '#shared/payers/forms-1099.ts';
import { ELECTION_ANSWER, electionState } from '#shared/s-corp/election.ts';
import { findState } from '#shared/states.ts';
import { agreedRenewalUsd, calendarInputOf } from '../data/applications/calendar-input.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { findApplication } from '../data/applications/reads.ts';
import { reminderDaysOf } from '../data/reminder-spread.ts';
import {
  dropReminder,
  dueRowsPage,
  type MoveOutcome,
  moveReminderOn,
  oldestDueSendOn,
  REMINDER_QUEUE,
  REMINDER_WRITE_BATCH,
  type ReminderRow,
  writeReminderBatch,
} from '../data/reminders.ts';
import { logger } from '../lib/logger.ts';
import type { NewEmail } from '../outbox/messages.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { backlogHours, inBatches, mapLimit } from './sweep-pages.ts';

/** 'failed': the row could not be processed (its order unreadable, the write failed): it stays due for the next run. */
export type SweepOutcome = 'queued' | 'skipped' | 'dropped' | 'taken' | 'already-queued' | 'failed';

/** The email of a due reminder, or undefined when it should not go (see processReminder). */
function reminderEmail(app: ApplicationItem, row: ReminderRow, today: string): NewEmail | undefined {
  const input = calendarInputOf(app);
  if (!input || !app.email) return undefined;
  const base = {
    to: app.email,
    applicationId: app.id,
    // One message id per reminder: a second sweep, or a retried one, cannot queue it twice.
    dedupeKey: `reminder:${app.id}:${row.series}:${row.dueOn}:${row.daysBefore}`,
  };
  const firstName = app.firstName ?? '';
  const businessName = app.businessName ?? '';
  if (row.series === 'registered-agent-renewal') {
    const stateName = findState(input.state)?.name ?? input.state;
    if (input.renewal !== 'renews') return undefined;
    return {
      ...base,
      kind: 'renewal_notice',
      // The price the customer agreed to with the consent, never the one in force today.
      payload: { firstName, businessName, stateName, renewsOn: row.dueOn, priceUsd: agreedRenewalUsd(app), daysBefore: row.daysBefore },
    };
  }
  if (row.series === 's-corp-election') return electionOverdueEmail(app, input.formationDate, today, base);
  if (row.series === 'payer-tax-form') return payerTaxFormEmail(app, row, today, base);
  if (row.series === 'forms-1099') return forms1099Email(app, row, today, base);
  // A state deadline counts from the formation: none is reminded before the state has filed the LLC
  // (its dates move to the filing date then, and the filing transaction writes its rows again).
  // The DBA's end counts from its own registration, so it is reminded whatever the formation date;
  // the federal estimated tax is the owner's, owed whether or not the state has filed.
  const federal = row.series === 'estimated-tax';
  if (input.from !== 'filing' && row.series !== 'dba-renewal' && !federal) return undefined;
  // An annual report we already filed for the customer (docs/decisions/0431) needs no reminder.
  if (row.series === 'annual-report' && input.annualReportsFiled?.some((f) => f.dueOn === row.dueOn)) return undefined;
  // The event as the calendar says it today: for the estimated tax, the amount of the plan saved now.
  const event = complianceCalendar(input, { today })?.find((e) => e.kind === row.series && e.date === row.dueOn);
  if (!event) return undefined;
  // Who the deadline is owed to: the IRS for the estimated tax, the home state's for its registration, report and tax.
  const stateName = federal ? 'the IRS' : (findState(event.state ?? input.state)?.name ?? input.state);
  return {
    ...base,
    kind: 'deadline_reminder',
    payload: {
      firstName,
      businessName,
      stateName,
      ...(federal ? { federal: true } : {}),
      title: event.kind === 'dba-renewal' && input.dba ? dbaReminderTitle(input.state, input.dba.name) : event.title,
      dueOn: row.dueOn,
      daysBefore: row.daysBefore,
      description: event.description,
      sourceName: event.source.name,
      sourceUrl: event.source.url,
    },
  };
}

type EmailBase = Pick<NewEmail, 'to' | 'applicationId' | 'dedupeKey'>;

/** The election's answer overdue (docs/decisions/0432): sent only while it still is (no CP261 recorded since). */
function electionOverdueEmail(app: ApplicationItem, formationDate: string, today: string, base: EmailBase): NewEmail | undefined {
  const state = electionState({ formationDate, record: app.sCorpElection, today });
  if (state.state !== 'overdue') return undefined;
  return {
    ...base,
    kind: 'election_overdue',
    payload: {
      firstName: app.firstName ?? '',
      businessName: app.businessName ?? '',
      headline: state.headline,
      detail: state.detail,
      dueOn: state.dueOn,
      sourceName: ELECTION_ANSWER.followUpSource.title,
      sourceUrl: ELECTION_ANSWER.followUpSource.url,
    },
  };
}

/** A platform's tax form expiring (YouTube's), 30 days before, from the calendar's own event (shared/payers/calendar.ts). */
function payerTaxFormEmail(app: ApplicationItem, row: ReminderRow, today: string, base: EmailBase): NewEmail | undefined {
  const events = payerTaxFormEvents(app.payers, today).filter((e) => e.date === row.dueOn);
  const first = events[0];
  if (!first) return undefined;
  const names = [...new Set((app.payers ?? []).filter((p) => events.some((e) => e.id === `payer-tax-form:${p.id}`)).map((p) => p.name))];
  return {
    ...base,
    kind: 'deadline_reminder',
    payload: {
      firstName: app.firstName ?? '',
      businessName: app.businessName ?? '',
      stateName: names.join(' and ') || 'YouTube',
      checkWith: 'the platform',
      title: events.length === 1 ? first.title : `${names.join(' and ')}: your US tax info expires; submit it again`,
      dueOn: row.dueOn,
      daysBefore: row.daysBefore,
      description: first.description,
      sourceName: first.source.name,
      sourceUrl: first.source.url,
    },
  };
}

/**
 * The January 1099 check (docs/decisions/0436): on its day (January 31 after the tax year), the
 * payers whose payments in the income map (or as entered) reach a form's threshold, each with the
 * forms the check expects; nothing when none does, nor outside the check's window (January to
 * April). One message a tax year per order: its id is the order's and the year's.
 */
function forms1099Email(app: ApplicationItem, row: ReminderRow, today: string, base: EmailBase): NewEmail | undefined {
  const taxYear = Number(row.dueOn.slice(0, 4)) - 1;
  if (today < forms1099CheckDay(taxYear)) return undefined;
  const check = form1099Check(app.payers, incomeMapFor(app, taxYear), today);
  if (!check.open || check.year !== taxYear) return undefined;
  const payers = payersExpectedToSend(check);
  if (!payers.length) return undefined;
  const furnish = taxForms.form1099Check.necFurnish;
  return {
    ...base,
    dedupeKey: `forms-1099:${app.id}:${taxYear}`,
    kind: 'forms_1099_check',
    payload: {
      firstName: app.firstName ?? '',
      businessName: app.businessName ?? '',
      taxYear,
      checkOn: row.dueOn,
      payers,
      furnishText: furnish.text,
      sourceName: furnish.source.title,
      sourceUrl: furnish.source.url,
    },
  };
}

/** What the sweep does with one due row: drop it, or move it on to `next` (deleted when none) queueing `email`. */
type ReminderPlan = { drop: true } | { drop?: false; next: ScheduledReminder | undefined; email: NewEmail | undefined };

/**
 * One due reminder decided: its order is read again, so what goes out is true today. A refunded
 * or gone order, turned-off deadline reminders, a cancelled renewal or the customer's own agent
 * drop the row; a renewal not agreed (yet) sends nothing and moves on. Otherwise the email is
 * queued and the row moved on to the next reminder in one transaction.
 */
async function planReminder(row: ReminderRow, now: number): Promise<ReminderPlan> {
  const today = dayOf(now);
  const app = await findApplication(row.applicationId);
  const input = app && app.paymentStatus === 'paid' ? calendarInputOf(app) : undefined;
  const series = input ? deadlineSeries(input).find((s) => s.kind === row.series) : undefined;
  const renewal = row.series === 'registered-agent-renewal';
  if (!app || !input || !series || (renewal && (input.renewal === 'cancelled' || input.renewal === 'lapsed')) || (!renewal && app.remindersUnsubscribedAt)) {
    return { drop: true };
  }
  // Counted from tomorrow: a second run today finds nothing left to send today. A series every
  // order shares moves on to this order's day of the spread (functions/data/reminder-spread.ts).
  const next = nextReminder(series.dates, reminderDaysOf(series.kind, row.applicationId), addDays(today, 1));
  const email = series.dates.includes(row.dueOn) ? reminderEmail(app, row, today) : undefined;
  return { next, email };
}

const outcomeOf = (plan: ReminderPlan, moved: MoveOutcome): SweepOutcome =>
  plan.drop ? (moved === 'moved' ? 'dropped' : 'taken') : moved !== 'moved' ? moved : plan.email ? 'queued' : 'skipped';

/** One due reminder, decided and written on its own (see planReminder). */
export async function processReminder(row: ReminderRow, now = Date.now()): Promise<SweepOutcome> {
  const plan = await planReminder(row, now);
  if (plan.drop) {
    await dropReminder(row);
    return 'dropped';
  }
  return outcomeOf(plan, await moveReminderOn(row, plan.next, plan.email ? [outboxPut(plan.email, now)] : [], now));
}

/** Orders read at once while a page is decided (each one GetItem). */
export const SWEEP_READ_CONCURRENCY = 16;
/** Write batches (transactions of REMINDER_WRITE_BATCH rows) in flight at once. */
export const SWEEP_WRITE_CONCURRENCY = 4;

export interface ReminderSweepReport {
  counts: Record<SweepOutcome, number>;
  /** False when the run stopped at `stopAt` with pages left: the next run (within the hour) goes on. */
  complete: boolean;
  /** Due queries sent (pages read). */
  pages: number;
  /** Hours since the start of the send day of the oldest reminder still due after the run (0: none). */
  backlogHours: number;
}

/**
 * The daily sweep: every reminder due up to today, once (docs/product.md "The compliance
 * calendar", docs/decisions/0414-reminders-at-scale.md). It pages through the due rows
 * (LastEvaluatedKey) until none is left, reads each page's orders a few at a time, and writes
 * the rows' moves with their emails in transactions of REMINDER_WRITE_BATCH rows. With `stopAt`
 * (the Lambda's time budget) it starts no page after that time and reports `complete: false`;
 * the rows it did not reach are still due, and the next scheduled run takes them. Publishes
 * DueReminderAgeHours, which alarms when a due reminder is left unsent for more than a day.
 */
export async function sweepReminders(now = Date.now(), options: { stopAt?: number } = {}): Promise<ReminderSweepReport> {
  const counts: Record<SweepOutcome, number> = { queued: 0, skipped: 0, dropped: 0, taken: 0, 'already-queued': 0, failed: 0 };
  const today = dayOf(now);
  let after: Record<string, unknown> | undefined;
  let pages = 0;
  let complete = true;
  do {
    if (options.stopAt !== undefined && Date.now() >= options.stopAt) {
      complete = false;
      break;
    }
    const page = await dueRowsPage(REMINDER_QUEUE, today, after);
    pages++;
    const plans = await mapLimit(page.rows, SWEEP_READ_CONCURRENCY, async (row) => {
      try {
        return await planReminder(row, now);
      } catch (err) {
        logger.error('reminder row failed', { applicationId: row.applicationId, series: row.series, error: err as Error });
        return undefined;
      }
    });
    const decided = page.rows.flatMap((row, i) => (plans[i] ? [{ row, plan: plans[i] }] : []));
    counts.failed += page.rows.length - decided.length;
    await mapLimit(inBatches(decided, REMINDER_WRITE_BATCH), SWEEP_WRITE_CONCURRENCY, async (batch) => {
      try {
        const moved = await writeReminderBatch(
          batch.map(({ row, plan }) =>
            plan.drop ? { row, drop: true, alongside: [] } : { row, next: plan.next, alongside: plan.email ? [outboxPut(plan.email, now)] : [] },
          ),
          now,
        );
        for (const [i, { plan }] of batch.entries()) counts[outcomeOf(plan, moved[i])]++;
      } catch (err) {
        logger.error('reminder batch failed', { rows: batch.length, error: err as Error });
        counts.failed += batch.length;
      }
    });
    after = page.next;
  } while (after);
  const hours = backlogHours(await oldestDueSendOn(REMINDER_QUEUE, today), now);
  logger.metric('DueReminderAgeHours', hours);
  return { counts, complete, pages, backlogHours: hours };
}
