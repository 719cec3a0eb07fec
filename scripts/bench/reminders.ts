import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { addDays } from '#shared/compliance/dates.ts';
import { TABLE_KEYS } from '../../functions/tables.ts';
import { exampleConfigPath, readConfigFile, stageConfigPath } from '../../infra/stage-config.ts';
import { benchReminderCustomersSetting, setEnvironment } from '../config.ts';
import { ensureTables, startDynamoDbLocal, tableEnv } from '../local/services.ts';
import type { BenchRow } from './table.ts';

/**
 * The reminders at scale (docs/decisions/0414-reminders-at-scale.md, 0420): CUSTOMERS paid orders
 * with the federal estimated-tax series in DynamoDB Local (in memory), each with the reminder row
 * the payment writes (its send day is the order's day of the 14-day spread), then one run of the
 * reminder sweep on the last day of the spread, when every row is due at once (the worst case: a
 * sweep that missed the whole window), its DynamoDB commands counted. The planned send days are
 * read back through the due index: the first date's as the payment wrote them, and the next
 * date's as the sweep moved each row on; each is checked to be at least 7 days before its date
 * and, day by day, within the spread's share of the daily quota configured for prod
 * (`emailMaxPerDay` of config/prod.json, else of config/prod.example.json). The 1,200-row version
 * runs with every `npm test` (functions/compliance/reminder-sweep-volume.test.ts).
 */
export const CUSTOMERS = Number(benchReminderCustomersSetting() ?? 100_000);

/** The daily sending quota prod is configured with, and where it was read. */
export function configuredDailyQuota(): { perDay: number; source: string } {
  const path = existsSync(stageConfigPath('prod')) ? stageConfigPath('prod') : exampleConfigPath('prod');
  const value = Number(readConfigFile(path).emailMaxPerDay);
  // The stage config's default when the file leaves it out (infra/stage-config.ts).
  return Number.isInteger(value) && value > 0
    ? { perDay: value, source: path.slice(path.indexOf('config/')) }
    : { perDay: 50_000, source: 'the stage config default' };
}

const n = (v: number) => v.toLocaleString('en-US');

export async function benchReminders(): Promise<BenchRow[]> {
  const { SPREAD_SHARE_OF_DAILY_QUOTA } = await import('../../functions/data/reminder-spread.ts');
  const quota = configuredDailyQuota();
  const budget = Math.floor(quota.perDay * SPREAD_SHARE_OF_DAILY_QUOTA);
  const rows: BenchRow[] = [];
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
      STORE_REQUEST_TIMEOUT_MS: '120000',
    });
    const prefix = `reminders-${randomUUID().slice(0, 6)}`;
    setEnvironment(tableEnv(Object.fromEntries(TABLE_KEYS.map((k) => [k, `${prefix}-${k}`])) as never));
    await ensureTables(dynamodb.endpoint, prefix);
    const { resetConfigForTests } = await import('../../functions/lib/config.ts');
    resetConfigForTests();
    const { countDynamoCalls } = await import('../../functions/lib/clients/dynamodb.ts');
    const { sweepReminders } = await import('../../functions/compliance/reminder-sweep.ts');
    const { estimatedTaxRowsDueBy, FIRST_DATE, LAST_SEND_DAY, NEXT_DATE, seedEstimatedTaxCustomers, sendPlanOf } = await import(
      '../../tests/fakes/reminder-volume.ts'
    );

    const seeded = performance.now();
    await seedEstimatedTaxCustomers(CUSTOMERS);
    const seedSeconds = (performance.now() - seeded) / 1000;
    console.log(`reminders: ${n(CUSTOMERS)} orders and rows written in ${seedSeconds.toFixed(0)} s; sweeping`);
    const plans = [sendPlanOf(await estimatedTaxRowsDueBy(LAST_SEND_DAY))];

    const log: string[] = [];
    countDynamoCalls(log);
    const started = performance.now();
    // A long run on a shared machine: say how far it is every minute.
    const progress = setInterval(
      () => console.log(`reminders: ${n(log.length)} DynamoDB requests after ${((performance.now() - started) / 1000).toFixed(0)} s`),
      60_000,
    );
    const report = await sweepReminders(Date.parse(`${LAST_SEND_DAY}T14:00:00Z`)).finally(() => clearInterval(progress));
    const seconds = (performance.now() - started) / 1000;
    const calls = log.length;
    const byCommand = new Map<string, number>();
    for (const c of log) byCommand.set(c, (byCommand.get(c) ?? 0) + 1);
    const left = (await estimatedTaxRowsDueBy(LAST_SEND_DAY)).length;
    plans.push(sendPlanOf(await estimatedTaxRowsDueBy(addDays(NEXT_DATE, -7))));

    const processed = Object.values(report.counts).reduce((a, b) => a + b, 0);
    // Short cells: the table keeps its columns' widths (scripts/bench/table.ts); the seeding time is printed above.
    rows.push({
      area: 'reminders',
      metric: `reminder sweep: one run over ${n(CUSTOMERS)} due estimated-tax rows, each with its paid order (DynamoDB Local)`,
      value: `${n(report.counts.queued)} queued, ${left} left, ${report.pages} pages, ${seconds.toFixed(0)} s (${((seconds * 1000) / CUSTOMERS).toFixed(1)} ms a row); ${n(calls)} requests: ${[...byCommand].map(([c, k]) => `${c.replace('Command', '')} ${n(k)}`).join(', ')}`,
      budget: 'all, none left',
      ok: report.counts.queued === CUSTOMERS && processed === CUSTOMERS && left === 0 && report.complete,
    });
    for (const [i, plan] of plans.entries()) {
      const date = i === 0 ? FIRST_DATE : NEXT_DATE;
      const days = [...(plan.days.get(date)?.keys() ?? [])].sort();
      const total = [...(plan.days.get(date)?.values() ?? [])].reduce((a, b) => a + b, 0);
      rows.push({
        area: 'reminders',
        metric: `send days of the ${date} estimated-tax reminders, ${i === 0 ? 'as the payment wrote them' : 'as the sweep moved the rows on'} (quota: ${quota.source})`,
        value: `${n(total)} on ${days.length} days, ${days[0]} to ${days.at(-1)}; busiest ${n(plan.busiest)} a day of ${n(quota.perDay)}; ${plan.late} later than 7 days before`,
        // The spread's share of emailMaxPerDay; the 7-day floor is checked with it (ok).
        budget: `<= ${n(budget)} a day`,
        ok: total === CUSTOMERS && plan.late === 0 && plan.busiest <= budget && plan.days.size === 1,
      });
    }
  } finally {
    await dynamodb.stop();
  }
  return rows;
}
