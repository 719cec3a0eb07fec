import { describe, expect, it } from 'vitest';
import { chargedReports, reportRefundDecision } from './annual-report-refund.ts';
import type { AnnualReportEvent } from './annual-report-service.ts';

/** The Refund Policy's words for one report's charge (docs/decisions/0435), on a Florida report due May 1, 2027. */
const charged: AnnualReportEvent = { kind: 'charged', period: '2027-05-01', amountCents: 23_775, at: '2027-04-10T16:00:00.000Z', reference: 'pi_1' };
const filing = (filedOn: string) => ({ dueOn: '2027-05-01', confirmation: 'L1', receiptDocumentId: 'd1', filedOn });

describe('chargedReports', () => {
  it('lists each report charged or paid from the link once, with its filing and refund; a failed charge is none', () => {
    const reports = chargedReports({
      annualReportHistory: [
        { kind: 'charge-failed', period: '2026-05-01', amountCents: 23_775, at: '2026-04-10T16:00:00.000Z' },
        charged,
        { kind: 'refunded', period: '2027-05-01', amountCents: 23_775, at: '2027-05-02T15:00:00.000Z', detail: 'Not filed in time' },
      ],
      annualReportFilings: [filing('2027-05-03')],
    });
    expect(reports).toEqual([
      {
        dueOn: '2027-05-01',
        amountCents: 23_775,
        paidAt: charged.at,
        reference: 'pi_1',
        filedOn: '2027-05-03',
        refund: { amountCents: 23_775, at: '2027-05-02T15:00:00.000Z', reason: 'Not filed in time' },
      },
    ]);
  });
});

describe('reportRefundDecision', () => {
  const decide = (filedOn: string | undefined, today: string, history = [charged]) =>
    reportRefundDecision(chargedReports({ annualReportHistory: history, annualReportFilings: filedOn ? [filing(filedOn)] : [] }), '2027-05-01', today);

  it('a report never charged, or already refunded, has nothing to refund', () => {
    expect(decide(undefined, '2027-05-02', [])).toMatchObject({ ok: false, code: 'not_charged' });
    expect(decide(undefined, '2027-05-02', [charged, { ...charged, kind: 'refunded', at: '2027-05-02T10:00:00.000Z' }])).toMatchObject({
      ok: false,
      code: 'already_refunded',
      message: expect.stringContaining('$237.75 on May 2, 2027'),
    });
  });

  it('a report filed before its due date is not refunded; one filed on or after it is owed its refund', () => {
    expect(decide('2027-04-14', '2027-05-02')).toMatchObject({ ok: false, code: 'report_filed' });
    expect(decide('2027-05-01', '2027-05-02')).toMatchObject({ ok: true, owed: true });
    expect(decide('2027-05-06', '2027-05-07')).toMatchObject({ ok: true, owed: true, sentence: expect.stringContaining('not before its due date') });
  });

  it('a report not filed: owed from its due date; before it, allowed but not owed, and then not filed by us', () => {
    expect(decide(undefined, '2027-05-01')).toMatchObject({ ok: true, owed: true });
    expect(decide(undefined, '2027-04-20')).toMatchObject({ ok: true, owed: false, sentence: expect.stringContaining('customer files it themselves') });
  });
});
