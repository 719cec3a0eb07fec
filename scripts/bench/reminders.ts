import { randomUUID } from 'node:crypto';
import { addDays } from '#shared/compliance/dates.ts';
import { TABLE_KEYS } from '../../functions/tables.ts';
import { benchReminderCustomersSetting, setEnvironment } from '../config.ts';
import { ensureTables, startDynamoDbLocal, tableEnv } from '../local/services.ts';
import type { BenchRow } from './table.ts';

/**
 * The reminders at scale (docs/decisions/0414-reminders-at-scale.md): CUSTOMERS orders' federal
 * estimated-tax rows in DynamoDB Local (in memory), all due on one day, and one run of the
 * reminder sweep through them, its DynamoDB commands counted; then the send days the spread plans
 * for the next four estimated-tax dates, each checked to be at least 7 days before its date and
 * within the daily quota's share (SES's 50,000 a day of a new account).
 */
export const CUSTOMERS = Number(benchReminderCustomersSetting() ?? 100_000);
export const DAILY_QUOTA = 50_000;
const DATES = ['2027-01-15', '2027-04-15', '2027-06-15', '2027-09-15'];

export async function benchReminders(): Promise<BenchRow[]> {
  const { SPREAD_SHARE_OF_DAILY_QUOTA, spreadDaysBefore } = await import('../../functions/data/reminder-spread.ts');
  const ids = Array.from({ length: CUSTOMERS }, () => randomUUID());
  const rows: BenchRow[] = [];

  // The plan: how many reminders each day, for each date.
  const perDay = new Map<string, number>();
  let late = 0;
  for (const id of ids) {
    const days = spreadDaysBefore(id);
    if (days < 7) late++;
    for (const d of DATES) perDay.set(addDays(d, -days), (perDay.get(addDays(d, -days)) ?? 0) + 1);
  }
  const busiest = Math.max(...perDay.values());
  const budget = Math.floor(DAILY_QUOTA * SPREAD_SHARE_OF_DAILY_QUOTA);
  rows.push({
    area: 'reminders',
    metric: `estimated-tax send days for ${CUSTOMERS.toLocaleString('en-US')} customers (4 dates)`,
    value: `${perDay.size} days, busiest ${busiest.toLocaleString('en-US')}, ${late} later than 7 days before`,
    budget: `<= ${budget.toLocaleString('en-US')} a day (half of ${DAILY_QUOTA.toLocaleString('en-US')}), all >= 7 days before`,
    ok: busiest <= budget && late === 0,
  });

  const dynamodb = await startDynamoDbLocal(null);
  try {
    setEnvironment({
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      DOCUMENTS_BUCKET: 'bench-reminders-documents',
      DEPLOYMENT: 'local',
      PAYMENT_MODE: 'test',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      LOG_LEVEL: 'ERROR',
      // 100,000 rows written and swept on a shared machine: a slow answer is waited for, not given up.
      STORE_REQUEST_TIMEOUT_MS: '30000',
    });
    const prefix = `reminders-${randomUUID().slice(0, 6)}`;
    setEnvironment(tableEnv(Object.fromEntries(TABLE_KEYS.map((k) => [k, `${prefix}-${k}`])) as never));
    await ensureTables(dynamodb.endpoint, prefix);
    const { resetConfigForTests } = await import('../../functions/lib/config.ts');
    resetConfigForTests();
    const { countDynamoCalls } = await import('../../functions/lib/clients/dynamodb.ts');
    const { batchPut } = await import('../../tests/fakes/staff.ts');
    const { sweepReminders } = await import('../../functions/compliance/reminder-sweep.ts');
    const { dueReminders, REMINDER_QUEUE } = await import('../../functions/data/reminders.ts');
    // Every row due on the same day: the load of the old single-day series, the sweep's worst case.
    // (No order behind them: the sweep reads each order and drops the row, the same reads and writes a queued one costs, less its outbox item.)
    const dueOn = DATES[0];
    const sendOn = addDays(dueOn, -14);
    await batchPut(
      'reminders',
      ids.map((applicationId) => ({
        applicationId,
        series: 'estimated-tax',
        queue: REMINDER_QUEUE,
        dueOn,
        daysBefore: 14,
        sendOn,
        updatedAt: new Date().toISOString(),
      })),
    );
    const log: string[] = [];
    countDynamoCalls(log);
    const started = performance.now();
    const report = await sweepReminders(Date.parse(`${sendOn}T14:00:00Z`));
    const seconds = (performance.now() - started) / 1000;
    const left = (await dueReminders(sendOn)).length;
    const byCommand = new Map<string, number>();
    for (const c of log) byCommand.set(c, (byCommand.get(c) ?? 0) + 1);
    const processed = Object.values(report.counts).reduce((a, b) => a + b, 0);
    rows.push({
      area: 'reminders',
      metric: `one sweep run over ${CUSTOMERS.toLocaleString('en-US')} due rows (DynamoDB Local)`,
      value: `${processed.toLocaleString('en-US')} processed, ${left} left, ${seconds.toFixed(0)} s; ${[...byCommand].map(([c, n]) => `${c.replace('Command', '')} ${n.toLocaleString('en-US')}`).join(', ')}`,
      budget: 'every row in one run, none left',
      ok: processed === CUSTOMERS && left === 0 && report.complete,
    });
  } finally {
    await dynamodb.stop();
  }
  return rows;
}
