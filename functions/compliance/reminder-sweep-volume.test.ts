import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/compliance/dates.ts';
import { estimatedTaxRowsDueBy, FIRST_DATE, LAST_SEND_DAY, NEXT_DATE, seedEstimatedTaxCustomers, sendPlanOf } from '../../tests/fakes/reminder-volume.ts';
import { DUE_PAGE_SIZE } from '../data/reminders.ts';
import { getMessage } from '../outbox/outbox.ts';
import { sweepReminders } from './reminder-sweep.ts';
import { mapLimit } from './sweep-pages.ts';

/**
 * The reminder sweep over more rows than one page, on DynamoDB Local: CUSTOMERS orders with the
 * estimated-tax series, all due on the last day of the spread, taken in one run (the 100,000-row
 * version is `npm run bench`'s reminders part, scripts/bench/reminders.ts).
 */
// The case (1,200 due, the old sweep's 1,000 a day left 200), over five pages of the due index.
const CUSTOMERS = 1_200;

describe('the reminder sweep at volume', () => {
  it(`queues every one of ${CUSTOMERS.toLocaleString('en-US')} due estimated-tax reminders in one run, over several pages, and plans the next date's send days within the window`, async () => {
    const ids = await seedEstimatedTaxCustomers(CUSTOMERS);
    // As the payment wrote them: each order's day of the 14-day window, every one at least 7 days before the date.
    const planned = sendPlanOf(await estimatedTaxRowsDueBy(LAST_SEND_DAY));
    expect(planned.late).toBe(0);
    expect([...planned.days.keys()]).toEqual([FIRST_DATE]);
    expect(planned.days.get(FIRST_DATE)?.size).toBe(14);

    const report = await sweepReminders(Date.parse(`${LAST_SEND_DAY}T14:00:00Z`));
    expect(report.complete).toBe(true);
    expect(report.counts).toMatchObject({ queued: CUSTOMERS, failed: 0, dropped: 0, taken: 0 });
    expect(report.pages).toBeGreaterThanOrEqual(Math.ceil(CUSTOMERS / DUE_PAGE_SIZE));
    expect(report.backlogHours).toBe(0);
    expect(await estimatedTaxRowsDueBy(LAST_SEND_DAY)).toHaveLength(0);
    // Every order's reminder is in the outbox, under its one message id.
    const days = new Map((await estimatedTaxRowsDueBy(addDays(NEXT_DATE, -7))).map((r) => [r.applicationId, r.daysBefore]));
    const sent = await mapLimit(ids, 16, async (id) => Boolean(await getMessage(`reminder:${id}:estimated-tax:${FIRST_DATE}:${days.get(id)}`)));
    expect(sent.filter(Boolean)).toHaveLength(CUSTOMERS);

    // Each row moved on to the next date, on the same day of its window.
    const next = sendPlanOf(await estimatedTaxRowsDueBy(addDays(NEXT_DATE, -7)));
    expect([...next.days.keys()]).toEqual([NEXT_DATE]);
    expect(next.late).toBe(0);
    expect([...(next.days.get(NEXT_DATE)?.keys() ?? [])].every((d) => d >= addDays(NEXT_DATE, -20))).toBe(true);
    expect([...(next.days.get(NEXT_DATE)?.values() ?? [])].reduce((a, b) => a + b, 0)).toBe(CUSTOMERS);
  }, 240_000);
});
