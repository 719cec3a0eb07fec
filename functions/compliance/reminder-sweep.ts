import { complianceCalendar, dbaReminderTitle, deadlineSeries } from '#shared/compliance/calendar.ts';
import { addDays, dayOf } from '#shared/compliance/dates.ts';
import { nextReminder, reminderDaysFor } from '#shared/compliance/reminders.ts';
import { findState } from '#shared/states.ts';
import { agreedRenewalUsd, calendarInputOf } from '../data/applications/calendar-input.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { findApplication } from '../data/applications/reads.ts';
import { dropReminder, dueReminders, moveReminderOn, type ReminderRow } from '../data/reminders.ts';
import type { NewEmail } from '../outbox/messages.ts';
import { outboxPut } from '../outbox/outbox.ts';

export type SweepOutcome = 'queued' | 'skipped' | 'dropped' | 'taken' | 'already-queued';

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
  // A state deadline counts from the formation: none is reminded before the state has filed the LLC
  // (its dates move to the filing date then, and the filing transaction writes its rows again).
  // The DBA's end counts from its own registration, so it is reminded whatever the formation date;
  // the federal estimated tax is the owner's, owed whether or not the state has filed.
  const federal = row.series === 'estimated-tax';
  if (input.from !== 'filing' && row.series !== 'dba-renewal' && !federal) return undefined;
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

/**
 * One due reminder: its order is read again, so what goes out is true today. A refunded or gone
 * order, turned-off deadline reminders, a cancelled renewal or the customer's own agent drop the
 * row; a renewal not agreed (yet) sends nothing and moves on. Otherwise the email is queued and
 * the row moved on to the next reminder in one transaction.
 */
export async function processReminder(row: ReminderRow, now = Date.now()): Promise<SweepOutcome> {
  const today = dayOf(now);
  const app = await findApplication(row.applicationId);
  const input = app && app.paymentStatus === 'paid' ? calendarInputOf(app) : undefined;
  const series = input ? deadlineSeries(input).find((s) => s.kind === row.series) : undefined;
  const renewal = row.series === 'registered-agent-renewal';
  if (!app || !input || !series || (renewal && (input.renewal === 'cancelled' || input.renewal === 'lapsed')) || (!renewal && app.remindersUnsubscribedAt)) {
    await dropReminder(row);
    return 'dropped';
  }
  // Counted from tomorrow: a second run today finds nothing left to send today.
  const next = nextReminder(series.dates, reminderDaysFor(series.kind), addDays(today, 1));
  const email = series.dates.includes(row.dueOn) ? reminderEmail(app, row, today) : undefined;
  const moved = await moveReminderOn(row, next, email ? [outboxPut(email, now)] : [], now);
  if (moved !== 'moved') return moved;
  return email ? 'queued' : 'skipped';
}

/** The daily sweep: every reminder due up to today, once (docs/product.md "The compliance calendar"). */
export async function sweepReminders(now = Date.now()): Promise<Record<SweepOutcome, number>> {
  const counts: Record<SweepOutcome, number> = { queued: 0, skipped: 0, dropped: 0, taken: 0, 'already-queued': 0 };
  for (const row of await dueReminders(dayOf(now))) counts[await processReminder(row, now)]++;
  return counts;
}
