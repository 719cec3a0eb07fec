import { describe, expect, it } from 'vitest';
import { renderEmail } from './render.ts';

/** The customer's email of one annual report's charge refunded (docs/decisions/0435): filed or not, and the next charge while the service stands. */
const base = {
  event: 'refunded' as const,
  firstName: 'Ada',
  businessName: 'Byte Works LLC',
  stateName: 'Florida',
  dueOn: '2027-05-01',
  amountCents: 23_775,
  reason: 'We did not file it before its due date',
  arrival: 'within 5 to 10 business days, on the card or account you paid with',
};

describe('annual_report email, event refunded', () => {
  it('a report not filed: the amount, the reason, when the money arrives, that the report is the customer’s to file, and the next charge', async () => {
    const out = await renderEmail({ kind: 'annual_report', payload: { ...base, chargeOn: '2028-04-10' } });
    expect(out.subject).toBe("Refund: $237.75 for Byte Works LLC's Florida annual report due May 1, 2027");
    expect(out.text).toContain(
      "We refunded the $237.75 charged for Byte Works LLC's Florida annual report due on May 1, 2027: We did not file it before its due date",
    );
    expect(out.text).toContain('within 5 to 10 business days');
    expect(out.text).toContain('We do not file this report: it is yours to file with Florida');
    expect(out.text).toContain('The next report is charged on April 10, 2028 as agreed');
    expect(out.text).not.toMatch(/undefined|NaN|\[object/);
  });

  it('a report filed late: its receipt stays in the vault; no next charge once the service has ended', async () => {
    const out = await renderEmail({ kind: 'annual_report', payload: { ...base, filedOn: '2027-05-06' } });
    expect(out.text).toContain('The report was filed on May 6, 2027');
    expect(out.text).not.toContain('The next report is charged');
  });
});
