import { describe, expect, it } from 'vitest';
import { type CalendarInput, complianceCalendar } from './calendar.ts';

/** The sent S-corporation election's dated event: call the IRS when no CP261 came by its due date (docs/decisions/0422). */

const input = (over: Partial<CalendarInput>): CalendarInput => ({
  state: 'FL',
  formationDate: '2026-01-05',
  addOns: { operatingAgreement: false, feinFiling: true },
  renewal: 'renews',
  ...over,
});
const answerEvent = (over: Partial<CalendarInput>, today: string) => complianceCalendar(input(over), { today })?.find((e) => e.id === 's-corp-election:answer');

describe('the election answer event', () => {
  it('dates "Call the IRS if no CP261" two months after a January fax, with the instructions as its source', () => {
    const event = answerEvent({ election: { sentOn: '2026-01-20' } }, '2026-01-21');
    expect(event).toMatchObject({ kind: 's-corp-election', date: '2026-03-20', title: 'Call the IRS if no CP261 by March 20, 2026' });
    expect(event?.description).toContain('1-800-829-4933');
    expect(event?.source).toMatchObject({ url: 'https://www.irs.gov/instructions/i2553', verifiedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('is there for a mid-year and a December sending, and gone once the election is in effect or never sent', () => {
    expect(answerEvent({ formationDate: '2026-05-01', election: { sentOn: '2026-06-30' } }, '2026-07-01')?.date).toBe('2026-08-30');
    expect(answerEvent({ formationDate: '2026-10-01', election: { sentOn: '2026-12-15' } }, '2026-12-16')?.date).toBe('2027-02-15');
    expect(answerEvent({ election: { sentOn: '2026-01-20', effectiveOn: '2026-01-05' } }, '2026-02-01')).toBeUndefined();
    expect(answerEvent({}, '2026-02-01')).toBeUndefined();
  });
});
