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
