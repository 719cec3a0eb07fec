import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_SAVED_PLAN_TEXT } from '#shared/saved-tax-plan.ts';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { parseIcs } from '../../../tests/helpers/ical.ts';
import type { ApplicationItem } from '../../data/applications/item.ts';
import { saveTaxPlan } from '../../data/applications/order-page.ts';
import { spreadDaysBefore } from '../../data/reminder-spread.ts';
import { remindersOf } from '../../data/reminders.ts';
import { objectSize, orderDocumentKey } from '../../documents/order/storage.ts';
import { orderView } from '../../orders/view.ts';
import { handler as getCalendar } from '../compliance/calendar.ts';
import { handler as getIcs } from '../compliance/calendar-ics.ts';
import { handler as documentLink } from './document-link.ts';
import { handler as removeHandler } from './remove-tax-plan.ts';
import { handler as saveHandler } from './save-tax-plan.ts';

/**
 * The tax plan saved on an order (docs/product.md "Tax planner"): the planner's inputs under the
 * POST /api/tax-plan schema, the amounts computed by the server, and the order's estimated-tax
 * dates on the calendar and in the .ics carrying them with the safe harbour in words.
 */
const paidOrder = (over: Record<string, unknown> = {}) =>
  putApplication({ state: 'WY', status: 'submitted', paymentStatus: 'paid', paidAt: '2026-11-22T15:00:00.000Z', amountPaidCents: 25_000, ...over });

const at = (route: string, id: string, resumeSecret?: string | null) => ({
  route,
  path: route.replace('{id}', id),
  pathParameters: { id },
  ...(resumeSecret !== undefined ? { resumeSecret } : {}),
});
const save = (id: string, body: unknown, secret?: string | null) =>
  invoke(saveHandler, apiEvent({ method: 'PUT', ...at('/api/orders/{id}/tax-plan', id, secret), body }));
const calendar = (id: string) => invoke(getCalendar, apiEvent({ method: 'GET', ...at('/api/orders/{id}/calendar', id) }));
const ics = (id: string) => invoke(getIcs, apiEvent({ method: 'GET', ...at('/api/orders/{id}/calendar.ics', id) }));

const PLAN = { year: 2026, filingStatus: 'single', profit: 60_000 };
const INCOME = { platform: 30_000, brandDeals: 25_000, tips: 4_000, affiliate: 3_000, gifted: 2_000, expenses: 4_000 };

/** The estimated-tax events of the 2026 tax year still ahead (the calendar starts today). */
const planYearEvents = (events: { id: string; kind: string }[]) => events.filter((e) => e.kind === 'estimated-tax' && e.id.startsWith('estimated-tax:2026-'));

describe('PUT /api/orders/{id}/tax-plan', () => {
  it('keeps the inputs only and answers the order page with the plan the server computed', async () => {
    const app = await paidOrder();
    // Amounts the browser might send are not part of the schema: only inputs are accepted.
    const res = await save(app.id, { plan: { ...PLAN, priorYearTax: 8_000, priorYearAgi: 160_000, withholding: 2_000 }, incomeMap: INCOME });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body.taxPlan.saved;
    // shared/tax-plan.test.ts: 12,037 x 90% = 10,833.30 against 8,000 x 110% = 8,800; less 2,000 withheld = 1,700 a quarter.
    expect(saved.answer.quarterly.map((q: { amount: number }) => q.amount)).toEqual([1_700, 1_700, 1_700, 1_700]);
    expect(saved.answer.quarterlyRule).toEqual({ safeHarbour: 'prior-year', share: 1.1, requiredPayment: 8_800, withholding: 2_000 });
    expect(saved.rule).toContain("110% of last year's federal tax");
    expect(saved.incomeMap).toEqual(INCOME);
    expect(saved.runningCosts).toEqual({ payrollService: 540, taxPreparer: 1200, stateFees: 0 });

    const stored = (await readApplication(app.id)) as ApplicationItem;
    expect(Object.keys(stored.savedTaxPlan ?? {}).sort()).toEqual(['incomeMap', 'request', 'savedAt']);
    // With the endorsement share of the map saved with it (25,000 of 64,000), which the QBI rule reads.
    expect(stored.savedTaxPlan?.request).toEqual({ ...PLAN, priorYearTax: 8_000, priorYearAgi: 160_000, withholding: 2_000, specifiedServiceShare: 0.3906 });
    expect(stored.version).toBe(((app.version as number | undefined) ?? 0) + 1);

    // The year-end summary is listed in the vault.
    expect(res.body.documents.find((d: { kind: string }) => d.kind === 'tax_summary')).toMatchObject({
      id: saved.summaryDocumentId,
      title: 'Year-end tax summary 2026',
    });
  });

  it('puts the amounts and the safe harbour on the calendar and in the .ics; without a plan they say so', async () => {
    const app = await paidOrder();
    const before = planYearEvents((await calendar(app.id)).body.events);
    expect(before.length).toBeGreaterThan(0);
    for (const e of before as unknown as { description: string; amountUsd?: number }[]) {
      expect(e.amountUsd).toBeUndefined();
      expect(e.description).toContain(NO_SAVED_PLAN_TEXT);
    }
    const icsBefore = parseIcs((await ics(app.id)).raw).events.filter((e) => e.uid.startsWith('estimated-tax-2026'));
    expect(icsBefore.length).toBe(before.length);
    expect(icsBefore[0].description).toContain('No tax plan is saved on your order');

    expect((await save(app.id, { plan: PLAN })).status).toBe(200);
    const after = planYearEvents((await calendar(app.id)).body.events) as unknown as { title: string; description: string; amountUsd?: number }[];
    // 60,000 single: 12,037 of tax, 90% of it in four parts rounded up.
    for (const e of after) {
      expect(e.amountUsd).toBe(2_709);
      expect(e.title).toMatch(/: pay \$2,709$/);
      expect(e.description).toContain('Safe harbour: the four payments together reach 90% of your estimated 2026 federal tax');
    }
    const icsAfter = parseIcs((await ics(app.id)).raw).events.filter((e) => e.uid.startsWith('estimated-tax-2026'));
    expect(icsAfter.map((e) => e.summary)).toEqual(after.map((e) => e.title));
    expect(icsAfter[0].description).toContain('pay $2,709 by');
    expect(icsAfter[0].description).toContain('$10,834 for 2026');
  });

  it('answers the order page with the plan as it stands on the server’s day: past dates, what is owed now, no promise once a date has passed', async () => {
    const app = await paidOrder();
    expect((await save(app.id, { plan: PLAN })).status).toBe(200);
    const stored = (await readApplication(app.id)) as ApplicationItem;
    const on = (day: string) => orderView(stored, [], Date.parse(`${day}T12:00:00.000Z`)).taxPlan!.saved!;
    const december = on('2026-12-01');
    expect(december.onDay.asOf).toBe('2026-12-01');
    expect(december.onDay.instalments.map((q) => [q.due, q.past])).toEqual([
      ['2026-04-15', true],
      ['2026-06-15', true],
      ['2026-09-15', true],
      ['2027-01-15', false],
    ]);
    expect(december.onDay.catchUp).toContain('If you have not paid those instalments, $8,127 is owed now');
    expect(december.rule).not.toContain('no underpayment penalty');
    expect(
      on('2026-07-01')
        .onDay.instalments.filter((q) => !q.past)
        .map((q) => q.due),
    ).toEqual(['2026-09-15', '2027-01-15']);
    expect(on('2026-02-01').rule).toContain('Paying at least that much by each date means no underpayment penalty');
  });

  it('writes the estimated-tax reminder row with the plan', async () => {
    const app = await paidOrder();
    expect((await remindersOf(app.id)).some((r) => r.series === 'estimated-tax')).toBe(false);
    await save(app.id, { plan: PLAN });
    expect((await remindersOf(app.id)).find((r) => r.series === 'estimated-tax')).toMatchObject({ daysBefore: spreadDaysBefore(app.id) });
  });

  it.each([
    [{ plan: { ...PLAN, profit: 'lots' } }, 'plan.profit'],
    [{ plan: { ...PLAN, profit: -5 } }, 'plan.profit'],
    [{ plan: { ...PLAN, year: 2025 } }, 'plan.year'],
    [{ plan: { ...PLAN, salary: 70_000 } }, 'plan.salary'],
    [{ plan: { ...PLAN, priorYearTax: 5_000 } }, 'plan.priorYearAgi'],
    [{ plan: PLAN, incomeMap: { ...INCOME, tips: -1 } }, 'incomeMap.tips'],
    [{ plan: PLAN, runningCosts: { payrollService: 1, taxPreparer: 'x', stateFees: 0 } }, 'runningCosts.taxPreparer'],
    [{ plan: { ...PLAN, quarterly: [] } }, 'plan.quarterly'],
    [{}, 'plan'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const app = await paidOrder();
    const res = await save(app.id, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBeTypeOf('string');
    expect(Object.keys(res.body.details)).toEqual([field]);
    expect((await readApplication(app.id))?.savedTaxPlan).toBeUndefined();
  });

  it('is for the holder of a paid order: 404 without the secret, 409 before payment', async () => {
    const app = await paidOrder();
    expect((await save(app.id, { plan: PLAN }, null)).status).toBe(404);
    expect((await save(app.id, { plan: PLAN }, 'another-secret-0123456789abcdef')).status).toBe(404);
    const unpaid = await putApplication({ status: 'submitted' });
    const res = await save(unpaid.id, { plan: PLAN });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('order_not_paid');
  });

  it('writes only at the version read: a change in between is a 409, never overwritten', async () => {
    const app = (await paidOrder({ version: 3 })) as unknown as ApplicationItem;
    await saveTaxPlan(app, { request: { year: 2026, filingStatus: 'single', profit: 10_000 }, savedAt: new Date().toISOString() });
    // `app` is now stale (version 3; the store holds 4).
    await expect(saveTaxPlan(app, { request: { year: 2026, filingStatus: 'joint', profit: 99_000 }, savedAt: new Date().toISOString() })).rejects.toMatchObject(
      {
        code: 'version_conflict',
      },
    );
    expect((await readApplication(app.id))?.savedTaxPlan.request.profit).toBe(10_000);
  });
});

describe('the year-end tax summary in the vault', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tax-summary-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const link = (id: string, documentId: string) =>
    invoke(
      documentLink,
      apiEvent({
        method: 'GET',
        route: '/api/orders/{id}/documents/{documentId}',
        path: `/api/orders/${id}/documents/${documentId}`,
        pathParameters: { id, documentId },
      }),
    );
  async function pdfOf(id: string, documentId: string): Promise<{ text: string; bytes: Uint8Array }> {
    const res = await link(id, documentId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const bytes = new Uint8Array(await (await fetch(res.body.url)).arrayBuffer());
    const file = join(dir, `${documentId}.pdf`);
    writeFileSync(file, bytes);
    return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), bytes };
  }

  it("carries the saved figures, the income map, both plans, the quarterly amounts and every figure's source", async () => {
    const app = await paidOrder({ businessName: 'Ava Creates LLC' });
    const res = await save(app.id, { plan: { ...PLAN, profit: 100_000, salary: 40_000 }, incomeMap: INCOME });
    const saved = res.body.taxPlan.saved;
    // With a salary, the order page's view carries starting payroll: the salary's reasoning (its decision is the creator's) and the checklist.
    expect(saved.payroll.salary).toBe(40_000);
    expect(saved.payroll.reasoning.map((r: { text: string }) => r.text).join(' ')).toContain('The salary is your decision, not ours');
    expect(saved.payroll.reasoning[0].text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // A Florida home: our data's line on withholding (no personal income tax) and the unemployment line said plainly.
    expect(saved.payroll.checklist.state.map((s: { id: string }) => s.id)).toEqual(['state-withholding', 'state-unemployment']);
    expect(saved.payroll.checklist.state[1].text).toContain("Our data has nothing on Florida's employer registration for unemployment insurance");
    // The endorsement share comes from the income map saved with the plan (25,000 of 64,000), not from the body.
    expect(saved.request.specifiedServiceShare).toBe(0.3906);
    const { text, bytes } = await pdfOf(app.id, saved.summaryDocumentId);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Year-end tax summary 2026');
    expect(flat).toContain('Ava Creates LLC');
    // The figures given, and the income map (30,000 + 25,000 + 4,000 + 3,000 + 2,000 = 64,000 less 4,000).
    expect(flat).toMatch(/Business profit \(income less expenses\) \$100,000 Your figures/);
    expect(flat).toMatch(/Salary as an S-corporation owner \$40,000/);
    expect(flat).toMatch(/Brand deals, sponsorships and endorsements \$25,000 Form 1099-NEC/);
    expect(flat).toMatch(/Total income \$64,000/);
    expect(flat).toMatch(/Profit from the income map \$60,000/);
    // shared/tax-plan.test.ts's S-corporation case: 100,000 profit, 40,000 salary, single.
    expect(flat).toMatch(/Self-employment or payroll tax \$\d[\d,]* \$6,120 Schedule SE/);
    expect(flat).toMatch(/Total \$\d[\d,]* \$17,545 Sum of the above/);
    expect(flat).toContain(`would save about $${saved.answer.sCorp.savings.toLocaleString('en-US')} a year`);
    for (const q of saved.answer.quarterly) expect(flat).toContain(`$${q.amount.toLocaleString('en-US')} Form 1040-ES`);
    expect(flat).toContain('Safe harbour: the four payments together reach 90%');
    // The assumption says how the QBI rule counted the brand deals, as the engine did.
    expect(flat).toContain('brand deals, sponsorships and endorsements (39% of the income) are counted as a specified service business');
    expect(flat).not.toContain('the business is taken not to be a specified service business');
    // Every source named in full.
    expect(flat).toContain('Schedule SE (Form 1040):');
    expect(flat).toContain('Form 8995 / IRC section 199A');
    expect(flat).toContain('Rev. Proc. 2025-32');
    expect(flat).toContain('Income map:');

    // The same save downloads the same file; a new save makes a new summary.
    expect((await pdfOf(app.id, saved.summaryDocumentId)).bytes).toEqual(bytes);
    const again = await save(app.id, { plan: PLAN });
    expect(again.body.taxPlan.saved.summaryDocumentId).not.toBe(saved.summaryDocumentId);
    expect(again.body.documents.filter((d: { kind: string }) => d.kind === 'tax_summary')).toHaveLength(1);
    const plain = (await pdfOf(app.id, again.body.taxPlan.saved.summaryDocumentId)).text.replace(/\s+/g, ' ');
    expect(plain).toContain('No salary was given');
    expect(plain).not.toContain('Income by kind');
    expect((await link(app.id, saved.summaryDocumentId)).status).toBe(404);
    // The replaced plan's PDF is deleted from the bucket, not only unlisted.
    expect(await objectSize(orderDocumentKey(app.id, saved.summaryDocumentId))).toBeUndefined();
  });

  it('goes with the plan when the customer removes it; the calendar then says no plan is saved', async () => {
    const app = await paidOrder();
    const saved = (await save(app.id, { plan: PLAN })).body.taxPlan.saved;
    await pdfOf(app.id, saved.summaryDocumentId);
    expect(await objectSize(orderDocumentKey(app.id, saved.summaryDocumentId))).toBeGreaterThan(0);
    const remove = (secret?: string | null) => invoke(removeHandler, apiEvent({ method: 'DELETE', ...at('/api/orders/{id}/tax-plan', app.id, secret) }));
    expect((await remove(null)).status).toBe(404);
    const res = await remove();
    expect(res.status).toBe(200);
    expect(res.body.taxPlan.saved).toBeUndefined();
    expect(res.body.documents.some((d: { kind: string }) => d.kind === 'tax_summary')).toBe(false);
    expect((await readApplication(app.id))?.savedTaxPlan).toBeUndefined();
    expect(await objectSize(orderDocumentKey(app.id, saved.summaryDocumentId))).toBeUndefined();
    expect((await link(app.id, saved.summaryDocumentId)).status).toBe(404);
    for (const e of planYearEvents((await calendar(app.id)).body.events) as unknown as { description: string }[])
      expect(e.description).toContain(NO_SAVED_PLAN_TEXT);
    // Removing again changes nothing.
    expect((await remove()).status).toBe(200);
  });
});
