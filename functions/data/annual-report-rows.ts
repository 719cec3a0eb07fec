import { type AnnualReportService, chargeDayOf, nextChargeableReport, reportDueDates } from '#shared/compliance/annual-report-service.ts';
import { ANNUAL_REPORT_NOTICE_DAYS } from '#shared/compliance/annual-report-terms.ts';
import { addDays, dayOf } from '#shared/compliance/dates.ts';
import { formatExactCents } from '#shared/money.ts';
import { findState } from '#shared/states.ts';
import { tableName } from '../lib/clients/dynamodb.ts';
import type { TransactItem } from '../lib/clients/dynamodb-sdk.ts';
import type { EmailPayloads } from '../outbox/messages.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { activityPut } from './activity.ts';
import { calendarInputOf } from './applications/calendar-input.ts';
import type { ApplicationItem } from './applications/item.ts';
import { ANNUAL_REPORT_QUEUE, type ReminderRow } from './reminders.ts';

/**
 * The annual-report service's rows and emails (docs/decisions/0431), written in the order's own
 * transactions: the sweep's and the order page's (functions/compliance/annual-report.ts) and the
 * payment that records an agreement given at checkout (./applications/payments.ts, docs/decisions/0434).
 */

export const ANNUAL_REPORT_CHARGE_SERIES = 'annual-report-charge';

const remindersTable = () => tableName('reminders');

/** The charge's row for the report due on `dueOn` at the stage `daysBefore` (30, 7, 0 the charge, -1 the lapse). */
export function chargeRowPut(applicationId: string, dueOn: string, daysBefore: number, sendOn: string, now: number): TransactItem {
  const row: ReminderRow = {
    applicationId,
    series: ANNUAL_REPORT_CHARGE_SERIES,
    queue: ANNUAL_REPORT_QUEUE,
    dueOn,
    daysBefore,
    sendOn,
    updatedAt: new Date(now).toISOString(),
  };
  return { Put: { TableName: remindersTable(), Item: row } };
}

export const chargeRowDelete = (applicationId: string): TransactItem => ({
  Delete: { TableName: remindersTable(), Key: { applicationId, series: ANNUAL_REPORT_CHARGE_SERIES } },
});

/** The first stage of a report's charge not yet passed on `today`: a notice, else the charge itself. */
function firstStage(dueOn: string, today: string): { daysBefore: number; sendOn: string } {
  const chargeOn = chargeDayOf(dueOn);
  for (const days of ANNUAL_REPORT_NOTICE_DAYS) {
    const sendOn = addDays(chargeOn, -days);
    if (sendOn >= today) return { daysBefore: days, sendOn };
  }
  return { daysBefore: 0, sendOn: chargeOn };
}

/** The row of the next report the service pays for after `today` (none where the data gives no more dates). */
export function nextReportRow(app: ApplicationItem, today: string, now: number, after?: string): TransactItem[] {
  const formed = calendarInputOf(app)?.formationDate;
  const state = app.annualReportService?.state;
  if (!formed || !state) return [];
  const dueOn = after ? reportDueDates(state, formed, 12).find((d) => d > after) : nextChargeableReport(state, formed, today);
  if (!dueOn) return [];
  const stage = firstStage(dueOn, today);
  return [chargeRowPut(app.id, dueOn, stage.daysBefore, stage.sendOn, now)];
}

/** The customer's email about the service (deduplicated by `dedupe`), to the order's address. */
export function annualReportEmail(
  app: ApplicationItem,
  dedupe: string,
  payload: Omit<EmailPayloads['annual_report'], 'firstName' | 'businessName' | 'stateName'>,
  now: number,
): TransactItem[] {
  if (!app.email) return [];
  const code = app.annualReportService?.state ?? app.pricedOrder?.state ?? app.state ?? '';
  return [
    outboxPut(
      {
        kind: 'annual_report',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `annual-report:${app.id}:${dedupe}`,
        payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '', stateName: findState(code)?.name ?? code, ...payload },
      },
      now,
    ),
  ];
}

/**
 * What an agreement writes beside itself: the next report's row, the activity line and the
 * "agreed" email. `where` says where it was given (the order page, or the checkout whose payment
 * records it).
 */
export function agreementWrites(
  app: ApplicationItem,
  service: AnnualReportService,
  now: number,
  where: 'order page' | 'checkout' = 'order page',
): TransactItem[] {
  const agreed = { ...app, annualReportService: service };
  const row = nextReportRow(agreed, dayOf(now), now);
  const dueOn = (row[0]?.Put?.Item as ReminderRow | undefined)?.dueOn;
  return [
    ...row,
    activityPut(
      'annual_report_agreed',
      `Annual reports filed for the customer agreed${where === 'checkout' ? ' at checkout' : ''} at ${formatExactCents(service.priceCents)} a report`,
      app.id,
    ),
    ...(dueOn
      ? annualReportEmail(agreed, `agreed:${service.agreedAt}`, { event: 'agreed', dueOn, chargeOn: chargeDayOf(dueOn), amountCents: service.priceCents }, now)
      : []),
  ];
}
