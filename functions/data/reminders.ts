import { deadlineSeries } from '#shared/compliance/calendar.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import { nextReminder, reminderToWrite, type ScheduledReminder } from '#shared/compliance/reminders.ts';
import { ddb, tableName, writeIf } from '../lib/clients/dynamodb.ts';
import { DeleteCommand, QueryCommand, type TransactItem, TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { type CalendarOrder, calendarInputOf } from './applications/calendar-input.ts';
import { isSharedSeries, reminderDaysOf } from './reminder-spread.ts';

/**
 * The reminders table (functions/tables.ts): one row per order and run of deadlines (`series`:
 * annual-report, state-tax, operating-agreement, publication, registered-agent-renewal, the
 * home state's home-registration, home-annual-report, home-state-tax, dba-renewal, and the
 * federal estimated-tax) holding
 * the next reminder to send. Rows are written in the transaction that pays the order and re-dated
 * in the one that records its filing; the daily sweep (functions/compliance/reminder-sweep.ts)
 * reads the due ones with one Query on bySendOn and moves each row on in the same transaction
 * that queues its email, so a reminder is queued once however often the sweep runs.
 */
export const REMINDER_QUEUE = 'DUE';

/**
 * The registered agent renewal's charge has a row of its own in the same table (series
 * RENEWAL_CHARGE_SERIES), in another partition of the same index (queue RENEWAL_QUEUE): `dueOn`
 * is the renewal period (the renewal date) and `sendOn` the day the renewal sweep
 * (functions/compliance/renewal-sweep.ts) acts on it: the renewal date to charge, the day after
 * the grace period to lapse an unpaid one. The reminder sweep never reads that partition.
 */
export const RENEWAL_QUEUE = 'RENEWAL';
export const RENEWAL_CHARGE_SERIES = 'registered-agent-renewal-charge';
/**
 * The annual reports filed for the customer (functions/compliance/annual-report.ts) keep two rows
 * per order in partitions of their own: the charge's (its notices, charge, grace and lapse) and
 * the staff's list of reports paid and still to file.
 */
export const ANNUAL_REPORT_QUEUE = 'ANNUAL_REPORT';
export const ANNUAL_REPORT_FILING_QUEUE = 'ANNUAL_REPORT_FILING';
/** The partitions of the bySendOn index. */
export type ReminderQueue = typeof REMINDER_QUEUE | typeof RENEWAL_QUEUE | typeof ANNUAL_REPORT_QUEUE | typeof ANNUAL_REPORT_FILING_QUEUE;

export interface ReminderRow extends ScheduledReminder {
  applicationId: string;
  series: string;
  queue?: ReminderQueue;
  updatedAt: string;
}

const table = () => tableName('reminders');

/**
 * Puts of an order's reminder rows (at most a dozen) for the transaction that pays or files it: the
 * next reminder of each run of deadlines, counted from the formation date (the filing date once
 * filed, else the payment date). A Put replaces the row, so filing re-dates what payment wrote.
 */
export function reminderPuts(order: CalendarOrder, now = Date.now()): TransactItem[] {
  const input = calendarInputOf(order);
  if (!input) return [];
  const today = dayOf(now);
  const puts: TransactItem[] = [];
  for (const series of deadlineSeries(input)) {
    // A deadline every order shares is reminded on this order's day of the spread (reminder-spread.ts).
    const next = isSharedSeries(series.kind) ? nextReminder(series.dates, reminderDaysOf(series.kind, order.id), today) : reminderToWrite(series, today);
    if (!next) continue;
    const row: ReminderRow = { applicationId: order.id, series: series.kind, queue: REMINDER_QUEUE, ...next, updatedAt: new Date(now).toISOString() };
    puts.push({ Put: { TableName: table(), Item: row } });
    // The renewal is charged on its next date not passed: the sweep decides then whether it was agreed.
    if (series.kind === 'registered-agent-renewal') {
      const period = series.dates.find((d) => d >= today);
      if (period) puts.push(renewalRowPut(order.id, period, period, now));
    }
  }
  return puts;
}

const isRenewalRow = (put: TransactItem) => {
  const series = (put.Put?.Item as { series?: string } | undefined)?.series;
  return series === 'registered-agent-renewal' || series === RENEWAL_CHARGE_SERIES;
};

/** The deadline reminder rows alone (not the renewal's notice or charge): reminders turned back on. */
export function deadlineReminderPuts(order: CalendarOrder, now = Date.now()): TransactItem[] {
  return reminderPuts(order, now).filter((put) => !isRenewalRow(put));
}

/** The DBA's renewal reminder row alone: staff recorded the registration, which dates it. */
export function dbaReminderPuts(order: CalendarOrder, now = Date.now()): TransactItem[] {
  return reminderPuts(order, now).filter((put) => (put.Put?.Item as { series?: string } | undefined)?.series === 'dba-renewal');
}

/** The estimated-tax reminder row alone: written again when a tax plan is saved (orders paid before it was reminded have none). */
export function estimatedTaxReminderPuts(order: CalendarOrder, now = Date.now()): TransactItem[] {
  return reminderPuts(order, now).filter((put) => (put.Put?.Item as { series?: string } | undefined)?.series === 'estimated-tax');
}

/**
 * One series' reminder row alone, written by the write that dates it (docs/decisions/0432): the
 * S-corporation election recorded as sent (`s-corp-election`), a payer's signing day (`payer-tax-form`),
 * the payer list written (`forms-1099`, the January 1099 check: docs/decisions/0436).
 * None when the customer turned reminders off.
 */
export function seriesReminderPuts(order: CalendarOrder, series: 's-corp-election' | 'payer-tax-form' | 'forms-1099', now = Date.now()): TransactItem[] {
  if (order.remindersUnsubscribedAt) return [];
  return reminderPuts(order, now).filter((put) => (put.Put?.Item as { series?: string } | undefined)?.series === series);
}

/** The renewal's notice and charge rows alone: a cancelled renewal restored. */
export function renewalReminderPuts(order: CalendarOrder, now = Date.now()): TransactItem[] {
  return reminderPuts(order, now).filter(isRenewalRow);
}

/** The renewal charge's row acting on `sendOn` for the period `period` (replacing the one there). */
export function renewalRowPut(applicationId: string, period: string, sendOn: string, now = Date.now()): TransactItem {
  const row: ReminderRow = {
    applicationId,
    series: RENEWAL_CHARGE_SERIES,
    queue: RENEWAL_QUEUE,
    dueOn: period,
    daysBefore: 0,
    sendOn,
    updatedAt: new Date(now).toISOString(),
  };
  return { Put: { TableName: table(), Item: row } };
}

/** The renewal charge's row removed: nothing left to charge (the renewal lapsed, was cancelled or was never agreed). */
export function renewalRowDelete(applicationId: string): TransactItem {
  return { Delete: { TableName: table(), Key: { applicationId, series: RENEWAL_CHARGE_SERIES } } };
}

/** Rows a due query reads per page (one Query; DynamoDB returns at most 1 MB, far more than this). */
export const DUE_PAGE_SIZE = 250;

export interface DuePage {
  rows: ReminderRow[];
  /** Where the next page starts (the Query's LastEvaluatedKey); undefined on the last page. */
  next?: Record<string, unknown>;
}

/**
 * One page of the rows of `queue` due on or before `today` (YYYY-MM-DD), oldest first: one Query
 * of the sparse bySendOn index from `after`. A sweep pages with `next` until it is undefined, so
 * every due row is read however many there are; a row it moves on goes to a later sendOn, past
 * today, and is not read again.
 */
export async function dueRowsPage(queue: ReminderQueue, today: string, after?: Record<string, unknown>, limit = DUE_PAGE_SIZE): Promise<DuePage> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'bySendOn',
      KeyConditionExpression: '#queue = :due AND sendOn <= :today',
      ExpressionAttributeNames: { '#queue': 'queue' },
      ExpressionAttributeValues: { ':due': queue, ':today': today },
      ExclusiveStartKey: after,
      Limit: limit,
    }),
  );
  return { rows: (out.Items ?? []) as ReminderRow[], next: out.LastEvaluatedKey };
}

/** Every row of `queue` due on or before `today`, read page by page (tests and tools; the sweeps page themselves). */
async function dueRows(queue: typeof REMINDER_QUEUE | typeof RENEWAL_QUEUE, today: string): Promise<ReminderRow[]> {
  const rows: ReminderRow[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await dueRowsPage(queue, today, after);
    rows.push(...page.rows);
    after = page.next;
  } while (after);
  return rows;
}

/** Rows whose reminder is due on or before `today` (YYYY-MM-DD), all of them, oldest first. */
export function dueReminders(today: string): Promise<ReminderRow[]> {
  return dueRows(REMINDER_QUEUE, today);
}

/** Renewal charge rows to act on by `today` (YYYY-MM-DD), all of them, oldest first. */
export function dueRenewalRows(today: string): Promise<ReminderRow[]> {
  return dueRows(RENEWAL_QUEUE, today);
}

/**
 * The send day of the oldest row of `queue` still due on or before `today`, or undefined when
 * none is: one Query of one item. What the sweeps report as the age of their backlog.
 */
export async function oldestDueSendOn(queue: ReminderQueue, today: string): Promise<string | undefined> {
  const page = await dueRowsPage(queue, today, undefined, 1);
  return page.rows[0]?.sendOn;
}

/** Only while the row still holds the reminder that was read (another sweep has not moved it on). */
const asRead = (row: ReminderRow) => ({
  ConditionExpression: 'sendOn = :sendOn AND dueOn = :dueOn AND daysBefore = :daysBefore',
  ExpressionAttributeValues: { ':sendOn': row.sendOn, ':dueOn': row.dueOn, ':daysBefore': row.daysBefore },
});

/** The row's next reminder written over the one read, or the row deleted when none is left. */
function moveOn(row: ReminderRow, next: ScheduledReminder | undefined, now: number): TransactItem {
  const key = { applicationId: row.applicationId, series: row.series };
  if (!next) return { Delete: { TableName: table(), Key: key, ...asRead(row) } };
  const condition = asRead(row);
  return {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET sendOn = :nextSendOn, dueOn = :nextDueOn, daysBefore = :nextDays, updatedAt = :now',
      ConditionExpression: condition.ConditionExpression,
      ExpressionAttributeValues: {
        ...condition.ExpressionAttributeValues,
        ':nextSendOn': next.sendOn,
        ':nextDueOn': next.dueOn,
        ':nextDays': next.daysBefore,
        ':now': new Date(now).toISOString(),
      },
    },
  };
}

export type MoveOutcome = 'moved' | 'taken' | 'already-queued';

/**
 * Moves a row on to its next reminder (or deletes it) together with `alongside` (the email's
 * outbox Put), in one transaction. 'taken': another sweep moved the row first, nothing written;
 * 'already-queued': the email was queued before (its deterministic id exists), so the row alone
 * is moved on.
 */
export async function moveReminderOn(row: ReminderRow, next: ScheduledReminder | undefined, alongside: TransactItem[], now = Date.now()): Promise<MoveOutcome> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [moveOn(row, next, now), ...alongside] }));
    return 'moved';
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const [own, ...others] = err.CancellationReasons ?? [];
    // Another sweep wrote the row, or is writing it right now: its outcome stands.
    if (own?.Code === 'ConditionalCheckFailed' || own?.Code === 'TransactionConflict') return 'taken';
    if (others.some((r) => r?.Code === 'ConditionalCheckFailed')) {
      return (await moveReminderOn(row, next, [], now)) === 'moved' ? 'already-queued' : 'taken';
    }
    throw err;
  }
}

/** A row's change as a sweep decided it: moved on to `next` (deleted when none), or dropped, with `alongside` (its email's outbox Put). */
export interface ReminderWrite {
  row: ReminderRow;
  drop?: boolean;
  next?: ScheduledReminder;
  alongside: TransactItem[];
}

/**
 * Rows changed per transaction: each row is one or two items (its move and its email), so a
 * batch stays within 25 items, and a cancelled batch costs at most this many rows written again
 * one by one.
 */
export const REMINDER_WRITE_BATCH = 12;

/**
 * Writes the changes of up to REMINDER_WRITE_BATCH rows in one transaction, each row's move and
 * email together as before. A batch is all or nothing: when it is cancelled (a row another sweep
 * moved first, an email already queued, a conflict), each of its rows is written on its own, as
 * moveReminderOn and dropReminder do, and gets its own outcome. Returns each row's outcome, in order.
 */
export async function writeReminderBatch(writes: ReminderWrite[], now = Date.now()): Promise<MoveOutcome[]> {
  if (writes.length > REMINDER_WRITE_BATCH) throw new Error(`at most ${REMINDER_WRITE_BATCH} rows per batch`);
  if (writes.length === 0) return [];
  const items = writes.flatMap((w): TransactItem[] =>
    w.drop
      ? [{ Delete: { TableName: table(), Key: { applicationId: w.row.applicationId, series: w.row.series }, ...asRead(w.row) } }]
      : [moveOn(w.row, w.next, now), ...w.alongside],
  );
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return writes.map(() => 'moved' as const);
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
  }
  const outcomes: MoveOutcome[] = [];
  for (const w of writes) {
    if (w.drop) {
      outcomes.push(
        (await writeIf(
          ddb().send(new DeleteCommand({ TableName: table(), Key: { applicationId: w.row.applicationId, series: w.row.series }, ...asRead(w.row) })),
        ))
          ? 'moved'
          : 'taken',
      );
    } else outcomes.push(await moveReminderOn(w.row, w.next, w.alongside, now));
  }
  return outcomes;
}

/** Rows of one order (tests and staff tools: a Query on the order's partition). */
export async function remindersOf(applicationId: string): Promise<ReminderRow[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'applicationId = :id',
      ExpressionAttributeValues: { ':id': applicationId },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as ReminderRow[];
}

/** Deletes a row as read (an order refunded, gone, or whose reminders are off). */
export async function dropReminder(row: ReminderRow): Promise<void> {
  await writeIf(ddb().send(new DeleteCommand({ TableName: table(), Key: { applicationId: row.applicationId, series: row.series }, ...asRead(row) })));
}

/**
 * The registered agent renewals whose charge row acts between two days (YYYY-MM-DD, inclusive),
 * soonest first, a page of `limit`: one Query of the RENEWAL partition of bySendOn.
 */
export async function renewalRowsBetween(
  from: string,
  to: string,
  limit: number,
  after?: Record<string, unknown>,
): Promise<{ rows: ReminderRow[]; next?: Record<string, unknown> }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'bySendOn',
      KeyConditionExpression: '#queue = :queue AND #sendOn BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#queue': 'queue', '#sendOn': 'sendOn' },
      ExpressionAttributeValues: { ':queue': RENEWAL_QUEUE, ':from': from, ':to': to },
      Limit: limit,
      ExclusiveStartKey: after,
    }),
  );
  return { rows: (out.Items ?? []) as ReminderRow[], next: out.LastEvaluatedKey };
}
