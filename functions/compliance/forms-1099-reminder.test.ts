import { afterEach, describe, expect, it, vi } from 'vitest';
import { putApplication } from '../../tests/fakes/applications.ts';
import { apiEvent, invoke } from '../../tests/helpers/events.ts';
import { remindersOf } from '../data/reminders.ts';
import { handler as addPayerHandler } from '../handlers/orders/payer-add.ts';
import { getMessage } from '../outbox/outbox.ts';
import { sweepReminders } from './reminder-sweep.ts';

/**
 * The January 1099 check's reminder email (docs/decisions/0436): the daily sweep emails it on
 * January 31 after the tax year, once, listing the payers whose payments in the income map reach
 * a form's threshold with the form each should send; never mid-year or in December, none without
 * such a payer, none once reminders are turned off. Fixed clocks throughout.
 */
const paidOrder = (incomeMap: Record<string, number>, over: Record<string, unknown> = {}) =>
  putApplication({
    state: 'FL',
    status: 'filed',
    paymentStatus: 'paid',
    paidAt: '2026-03-01T15:00:00.000Z',
    filedOn: '2026-03-04',
    businessName: 'Bright Pixel Studios LLC',
    firstName: 'Jordan',
    email: `jordan-${Math.random().toString(36).slice(2)}@example.com`,
    savedTaxPlan: { request: { year: 2026, filingStatus: 'single', profit: 37_000 }, incomeMap, savedAt: '2026-03-02T10:00:00.000Z' },
    ...over,
  });
const INCOME = { platform: 30_000, brandDeals: 8_000, tips: 1_000, affiliate: 0, gifted: 0, expenses: 2_000 };
const YOUTUBE = { name: 'YouTube', kind: 'platform', form: 'platform_tax_page', how: 'tax_page', givenOn: '2026-03-10' };
const BRAND = { name: 'Glow Skincare', kind: 'brand', form: 'w9', how: 'email', givenOn: '2026-04-01' };

const addPayer = (id: string, body: unknown) =>
  invoke(addPayerHandler, apiEvent({ method: 'POST', route: '/api/orders/{id}/payers', path: `/api/orders/${id}/payers`, pathParameters: { id }, body }));
/** Payers listed on a day of 2026 (the row is dated from it). */
async function listPayers(id: string, payers: unknown[]) {
  vi.useFakeTimers({ now: new Date('2026-11-20T12:00:00.000Z'), toFake: ['Date'] });
  for (const payer of payers) expect((await addPayer(id, payer)).status).toBe(201);
  vi.useRealTimers();
}
const at = (iso: string) => Date.parse(iso);
const messageOf = (id: string, year = 2026) => getMessage(`forms-1099:${id}:${year}`);

afterEach(() => vi.useRealTimers());

describe('the January 1099 check email', () => {
  it('goes on January 31, once, listing each payer above the threshold with its form', async () => {
    const app = await paidOrder(INCOME);
    await listPayers(app.id, [YOUTUBE, BRAND]);
    expect((await remindersOf(app.id)).find((r) => r.series === 'forms-1099')).toMatchObject({ dueOn: '2027-01-31', sendOn: '2027-01-31', daysBefore: 0 });

    // December and the day before: nothing.
    await sweepReminders(at('2026-12-15T14:00:00Z'));
    await sweepReminders(at('2027-01-30T14:00:00Z'));
    expect(await messageOf(app.id)).toBeUndefined();

    await sweepReminders(at('2027-01-31T14:00:00Z'));
    const email = await messageOf(app.id);
    expect(email).toMatchObject({
      kind: 'forms_1099_check',
      to: app.email,
      applicationId: app.id,
      payload: {
        taxYear: 2026,
        checkOn: '2027-01-31',
        payers: [
          { name: 'YouTube', forms: ['1099-K'] },
          { name: 'Glow Skincare', forms: ['1099-NEC'] },
        ],
        sourceUrl: 'https://www.irs.gov/pub/irs-pdf/p15.pdf',
      },
    });
    // The row moved on to next January; a second run the same day queues nothing more.
    expect((await remindersOf(app.id)).find((r) => r.series === 'forms-1099')).toMatchObject({ dueOn: '2028-01-31', sendOn: '2028-01-31' });
    await sweepReminders(at('2027-01-31T18:00:00Z'));
    expect((await messageOf(app.id))?.createdAt).toBe(email?.createdAt);
    // Mid-June and December: nothing.
    await sweepReminders(at('2027-06-15T14:00:00Z'));
    await sweepReminders(at('2027-12-15T14:00:00Z'));
    expect(await messageOf(app.id, 2027)).toBeUndefined();
  }, 120_000);

  it('a sweep that reaches the row only in mid-June sends nothing', async () => {
    const app = await paidOrder(INCOME);
    await listPayers(app.id, [BRAND]);
    await sweepReminders(at('2027-06-15T14:00:00Z'));
    expect(await messageOf(app.id)).toBeUndefined();
    expect((await remindersOf(app.id)).find((r) => r.series === 'forms-1099')?.dueOn).toBe('2028-01-31');
  }, 120_000);

  it('is not sent when no payer reaches a threshold', async () => {
    const app = await paidOrder({ ...INCOME, platform: 0, brandDeals: 1_500 });
    await listPayers(app.id, [BRAND]);
    await sweepReminders(at('2027-01-31T14:00:00Z'));
    expect(await messageOf(app.id)).toBeUndefined();
  }, 120_000);

  it('is not sent once the customer turned reminders off', async () => {
    const app = await paidOrder(INCOME, { remindersUnsubscribedAt: '2026-06-01T00:00:00.000Z' });
    await listPayers(app.id, [BRAND]);
    expect((await remindersOf(app.id)).some((r) => r.series === 'forms-1099')).toBe(false);
    await sweepReminders(at('2027-01-31T14:00:00Z'));
    expect(await messageOf(app.id)).toBeUndefined();
  }, 120_000);
});
