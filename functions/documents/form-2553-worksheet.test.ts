import { describe, expect, it } from 'vitest';
import federal from '#shared/data/federal-tax-2026.json' with { type: 'json' };
import { pdftotext } from '../../tests/documents/poppler.ts';
import { detailsFor, EIN_DETAILS, orderFor, ourAgentIn } from '../../tests/documents/test-fixtures.ts';
import { form2553Worksheet, LATE_RELIEF, lateElection } from './form-2553-worksheet.ts';
import { orderDocuments } from './order-documents.ts';

/** pdftotext's words on one line each way they may wrap: runs of whitespace as one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('Form 2553 worksheet', () => {
  const bought = { expeditedFiling: false, feinFiling: true, operatingAgreement: false, form2553: true };
  const filed = { formation: { date: '2026-09-01', from: 'filing' as const }, ein: '88-1234567', today: '2026-09-20' };

  it('carries the answers the order holds, the deadline from the LLC’s start and what each member signs (read with pdftotext)', async () => {
    const order = orderFor('WY', { addOns: bought, form2553: filed });
    const { documents, blockers } = await orderDocuments(order, detailsFor('WY', { ein: EIN_DETAILS }), ourAgentIn('WY'));
    expect(blockers).toEqual([]);
    const sheet = documents.find((d) => d.kind === 'form_2553_worksheet');
    expect(sheet?.fileName).toBe('wy-form-2553-worksheet-bright-pixel-studios-wy-llc.pdf');
    const text = flat(pdftotext(sheet!.bytes));
    expect(text).toContain('Form 2553 worksheet');
    expect(text).toContain('A worksheet, not the IRS form');
    expect(text).toContain('Name Bright Pixel Studios WY LLC');
    expect(text).toContain('Number, street and room or suite 1200 Ocean Drive, Unit 5');
    expect(text).toContain('A Employer identification number 88-1234567');
    expect(text).toContain('C State of incorporation Wyoming');
    expect(text).toContain('E Election to take effect for the tax year beginning September 1, 2026');
    // 2 months and 15 days from September 1 (the IRS's count: Jan 7 -> Mar 21) is November 15, 2026,
    // a Sunday: the next business day (IRC section 7503).
    expect(text).toContain('so the last day is November 16, 2026');
    expect(text).toContain('runs from September 1, 2026 to December 31, 2026');
    // Both members, their shares, and the SSN left to them.
    expect(text).toMatch(/Jordan Rivera, 1200 Ocean Drive, Unit 5, .* 60% since September 1, 2026 You write it in 12\/31/);
    expect(text).toContain('Sam Okafor');
    expect(text).toContain('40% since September 1, 2026');
    expect(text).toContain('Jordan Rivera signs as member of the LLC');
    expect(text).toContain('every member (Jordan Rivera, Sam Okafor) signs and dates the shareholder');
    expect(text).toContain('Leave blank when the IRS receives the form by November 16, 2026');
    expect(text).not.toContain('REV. PROC. 2013-30');
    expect(text).not.toMatch(/\d{3}-\d{2}-\d{4}/);
  });

  it('says how to ask for late-election relief once the deadline has passed', async () => {
    const late = { ...filed, today: '2026-12-01' };
    const text = flat(pdftotext((await form2553Worksheet(orderFor('WY', { addOns: bought }), detailsFor('WY'), late)).bytes));
    expect(text).toContain('The deadline has passed: ask for late-election relief (Rev. Proc. 2013-30)');
    expect(text).toContain('it is available until November 15, 2029');
    expect(text).toContain('"FILED PURSUANT TO REV. PROC. 2013-30"');
    expect(text).toContain('Late: write your reasonable-cause statement here');
  });

  it('counts from the payment date until the state files, and leaves the EIN to the IRS letter', async () => {
    const unfiled = { formation: { date: '2026-08-12', from: 'payment' as const }, today: '2026-08-20' };
    const text = flat(pdftotext((await form2553Worksheet(orderFor('FL', { addOns: bought }), detailsFor('FL'), unfiled)).bytes));
    expect(text).toContain("August 12, 2026 (your payment date, until Florida files the LLC: use the state's filing date once it does");
    expect(text).toContain('Not assigned yet. You ordered our EIN application');
    expect(text).toContain('so the last day is October 26, 2026');
  });

  it('is not made without a formation date: staff are told instead of a gap', async () => {
    const { documents, blockers } = await orderDocuments(orderFor('WY', { addOns: bought }), detailsFor('WY', { ein: EIN_DETAILS }), ourAgentIn('WY'));
    expect(documents.some((d) => d.kind === 'form_2553_worksheet')).toBe(false);
    expect(blockers).toEqual([expect.objectContaining({ code: 'value_missing', field: 'Form 2553' })]);
  });

  it('uses the federal data’s deadline and relief window', () => {
    expect(federal.sCorporationElection.deadline).toContain(`${LATE_RELIEF.years} years and ${LATE_RELIEF.days} days`);
    expect(federal.sCorporationElection.deadline).toContain(LATE_RELIEF.authority);
    // March 21, 2026 is a Saturday: the last day is Monday, March 23 (IRC section 7503).
    expect(lateElection({ formation: { date: '2026-01-07', from: 'filing' }, today: '2026-03-23' })).toMatchObject({ late: false, deadline: '2026-03-23' });
    expect(lateElection({ formation: { date: '2026-01-07', from: 'filing' }, today: '2026-03-24' }).late).toBe(true);
  });
});
