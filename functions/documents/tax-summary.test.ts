import { describe, expect, it } from 'vitest';
import { pdfFlatText } from '../../tests/documents/pdf-text.ts';
import { taxSummaryPdf } from './tax-summary.ts';

/** The year-end summary's quarterly section is true on the day it is made (shared/saved-tax-plan.ts planOnDay). */
const summaryOn = async (today: string) =>
  pdfFlatText(
    (
      await taxSummaryPdf({
        orderNumber: 'CL-7CA8E82E',
        businessName: 'Bright Pixel Studios LLC',
        customerName: 'Jordan Rivera',
        saved: { request: { year: 2026, filingStatus: 'single', profit: 60_000 }, savedAt: '2026-01-20T10:00:00.000Z' },
        today,
      })
    ).bytes,
  );

describe('the year-end tax summary on any day of the year', () => {
  it('February 1: no date is past, and the safe harbour promises no penalty', async () => {
    const text = await summaryOn('2026-02-01');
    expect(text).toContain('its dates as of February 1, 2026');
    expect(text).not.toContain('(past)');
    expect(text).toContain('no underpayment penalty');
  });

  it('July 1 and December 1: the past dates are marked and the page says what is owed, without the promise', async () => {
    for (const [day, passed] of [
      ['2026-07-01', 2],
      ['2026-12-01', 3],
    ] as const) {
      const text = await summaryOn(day);
      expect(text.match(/\(past\)/g)).toHaveLength(passed);
      expect(text).toContain('is owed now');
      expect(text).toContain('Form 2210 Schedule AI');
      expect(text).not.toContain('means no underpayment penalty');
    }
  });

  it("December 1: 2027's dates follow, planned on the 2026 figures and labelled as ours; July 1: none", async () => {
    const december = await summaryOn('2026-12-01');
    expect(december).toContain('2027 quarterly estimated tax, planned on our 2026 figures');
    expect(december).toContain("the IRS's 2027 figures are not in our data yet");
    expect(december).toContain('January 18, 2028');
    expect(await summaryOn('2026-07-01')).not.toContain('2027 quarterly estimated tax');
  });
});

describe("the year-end tax summary's payers and forms", () => {
  const payer = (over: Record<string, unknown>) => ({
    how: 'email',
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...over,
  });
  const payers = [
    payer({
      id: 'p1',
      name: 'Glow Cosmetics',
      kind: 'brand',
      form: 'w9',
      givenOn: '2026-02-01',
      forms1099: [{ year: 2026, paidCents: 800_000, received: [{ form: '1099-NEC', amountCents: 720_000, recordedOn: '2027-01-20' }] }],
    }),
    payer({ id: 'p2', name: 'YouTube', kind: 'platform', form: 'platform_tax_page', how: 'platform', givenOn: '2024-01-10' }),
  ] as never;
  const summary = async (today: string) =>
    pdfFlatText(
      (
        await taxSummaryPdf({
          orderNumber: 'CL-7CA8E82E',
          businessName: 'Bright Pixel Studios LLC',
          customerName: 'Jordan Rivera',
          saved: { request: { year: 2026, filingStatus: 'single', profit: 60_000 }, savedAt: '2026-01-20T10:00:00.000Z' },
          payers,
          election: 'S-corporation election in effect from January 1, 2027',
          today,
        })
      ).bytes,
    );

  it('lists each payer with the form it takes and when it was last given, and the election', async () => {
    const text = await summary('2026-12-01');
    expect(text).toContain('Payers and forms');
    expect(text).toContain('S-corporation election in effect from January 1, 2027.');
    expect(text).toMatch(/Glow Cosmetics \(brand\) Form W-9 February 1, 2026/);
    expect(text).toMatch(/YouTube \(platform\) The platform’s own tax page January 10, 2024/);
    // Before January, no forms yet: said so.
    expect(text).toContain('The Forms 1099 for 2026 arrive from January 2027');
  });

  it('from January, the Forms 1099 recorded for the year with the check: a recorded amount that differs is flagged', async () => {
    const text = await summary('2027-02-10');
    expect(text).toContain('Forms 1099 for 2026');
    expect(text).toMatch(/Glow Cosmetics: 1099-NEC 1099-NEC \$7,200/);
    expect(text).toContain("Glow Cosmetics's form says $7,200, but you recorded $8,000 paid in 2026");
    expect(text).toMatch(/YouTube: 1099-K None yet Waiting/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
