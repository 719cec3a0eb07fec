import { describe, expect, it } from 'vitest';
import { storedFilingDetails } from '../../tests/fakes/filing-details.ts';
import { addOnPricesFrom, SETTING_PRICED } from '../catalog/catalog.ts';
import { CATALOG } from '../catalog/entries.ts';
import type { StoredFilingDetails } from '../filing/details.schema.ts';
import { portalSheet } from '../staff/portal-sheet.ts';
import { agreedReportCents, annualReportServiceAvailability, chargeDayOf, nextChargeableReport, reportDueDates } from './annual-report-service.ts';

describe('annual reports filed for the customer: where they are sold', () => {
  it("sells Florida's report ($138.75, due May 1) and prices it at our fee plus the state's", () => {
    const fl = annualReportServiceAvailability('FL');
    expect(fl).toEqual({ available: true, stateFeeCents: 13_875, dueText: 'May 1' });
    expect(agreedReportCents(99, 13_875)).toBe(23_775);
    expect(reportDueDates('FL', '2026-11-22', 2)).toEqual(['2027-05-01', '2028-05-01']);
    expect(chargeDayOf('2027-05-01')).toBe('2027-04-10');
    expect(nextChargeableReport('FL', '2026-11-22', '2027-04-10')).toBe('2027-05-01');
    expect(nextChargeableReport('FL', '2026-11-22', '2027-04-11')).toBe('2028-05-01');
  });

  it('says why not where the report is free or there is none', () => {
    expect(annualReportServiceAvailability('AL')).toMatchObject({ available: false, reason: expect.stringContaining('Alabama has no annual report') });
    expect(annualReportServiceAvailability('TX')).toMatchObject({ available: false, reason: expect.stringContaining('free to file') });
    const entry = CATALOG.find((e) => e.key === 'annualReports')!;
    expect(entry.sale.moment).toBe('recurring');
    expect(entry.sale.availableIn?.('MO')).toMatchObject({ available: false });
    expect(entry.sale.availableIn?.('FL')).toEqual({ available: true });
  });

  it('is priced by the operator setting annualReportServiceUsd, $99 by default', () => {
    expect(SETTING_PRICED.some((e) => e.pricing.setting === 'annualReportServiceUsd' && e.pricing.defaultUsd === 99)).toBe(true);
    // Not an add-on of the order: it is agreed to on the order page and charged per report.
    expect(Object.keys(addOnPricesFrom({}))).not.toContain('annualReports');
  });
});

describe("the annual report's portal sheet", () => {
  it("gives the order's values and Florida's online annual report page, and says the data names no report fields", () => {
    const sheet = portalSheet(
      {
        state: 'FL',
        businessName: 'Bright Pixel Studios LLC',
        fileNumber: 'L26000123456',
        filingDetails: storedFilingDetails() as unknown as StoredFilingDetails,
      },
      'annual-report',
    );
    expect(sheet).toMatchObject({ kind: 'annual-report', title: 'Florida annual report', fallback: true, link: { url: expect.stringMatching(/^https:\/\//) } });
    expect(sheet.orderNote).toContain("Our data does not hold the state's annual report fields");
    expect(sheet.rows.map((r) => r.label)).toEqual(expect.arrayContaining(['LLC name', 'File (document) number', 'Signature (typed name)']));
    expect(sheet.rows.find((r) => r.label === 'File (document) number')?.value).toBe('L26000123456');
  });
});
