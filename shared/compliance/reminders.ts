import type { DeadlineSeries } from './calendar.ts';
import { addDays } from './dates.ts';

/** Reminder emails before each state deadline, in days (docs/product.md "The compliance calendar"). */
export const STATE_DEADLINE_REMINDER_DAYS = [30, 14, 3] as const;
/** The registered agent renewal is announced this many days before it is charged. */
export const RENEWAL_NOTICE_DAYS = [30, 7] as const;

/** Registering in the home state is owed from the day the LLC exists: reminded that day, not before. */
export const DUE_NOW_REMINDER_DAYS = [0] as const;

/** A federal estimated-tax date is reminded once, two weeks before: four dates a year, one email each. */
export const ESTIMATED_TAX_REMINDER_DAYS = [14] as const;

/** The S-corporation election's answer: one email the day after it was due (no CP261 by then: call the IRS). */
export const ELECTION_OVERDUE_REMINDER_DAYS = [-1] as const;

/** A platform's tax form (YouTube's AdSense tax info): one email 30 days before it expires. */
export const PAYER_TAX_FORM_REMINDER_DAYS = [30] as const;

/** The January 1099 check: one email on its day, January 31 (docs/decisions/0436). */
export const FORMS_1099_REMINDER_DAYS = [0] as const;

export const reminderDaysFor = (kind: DeadlineSeries['kind']): readonly number[] =>
  kind === 's-corp-election'
    ? ELECTION_OVERDUE_REMINDER_DAYS
    : kind === 'payer-tax-form'
      ? PAYER_TAX_FORM_REMINDER_DAYS
      : kind === 'forms-1099'
        ? FORMS_1099_REMINDER_DAYS
        : kind === 'registered-agent-renewal'
          ? RENEWAL_NOTICE_DAYS
          : kind === 'home-registration'
            ? DUE_NOW_REMINDER_DAYS
            : kind === 'estimated-tax'
              ? ESTIMATED_TAX_REMINDER_DAYS
              : STATE_DEADLINE_REMINDER_DAYS;

export interface ScheduledReminder {
  /** The deadline the reminder is about. */
  dueOn: string;
  /** How many days before it the reminder goes. */
  daysBefore: number;
  /** The day it is sent: dueOn − daysBefore. */
  sendOn: string;
}

/**
 * The next reminder of a run of deadlines to send on or after `from` (YYYY-MM-DD): the earliest
 * send day that has not passed. A reminder whose day has passed is not sent late (a deadline three
 * days away when the order is paid gets none; the calendar shows it). Undefined when none is left.
 */
export function nextReminder(dates: readonly string[], days: readonly number[], from: string): ScheduledReminder | undefined {
  const offsets = [...days].sort((a, b) => b - a);
  for (const dueOn of [...dates].sort()) {
    for (const daysBefore of offsets) {
      const sendOn = addDays(dueOn, -daysBefore);
      if (sendOn >= from) return { dueOn, daysBefore, sendOn };
    }
  }
  return undefined;
}

/**
 * The reminder of a run of deadlines written on `today` (with the payment or the filing): the next
 * one not passed, or, for an obligation owed from the day the LLC exists (`dueNow`) whose day has
 * passed, one sent today. The sweep never catches up on its own: once sent, a due-now reminder is done.
 */
export function reminderToWrite(series: Pick<DeadlineSeries, 'kind' | 'dates' | 'dueNow'>, today: string): ScheduledReminder | undefined {
  const next = nextReminder(series.dates, reminderDaysFor(series.kind), today);
  if (next || !series.dueNow) return next;
  const passed = series.dates.filter((d) => d <= today).sort();
  return passed.length ? { dueOn: passed[passed.length - 1], daysBefore: 0, sendOn: today } : undefined;
}
