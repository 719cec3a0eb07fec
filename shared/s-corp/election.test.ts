import { describe, expect, it } from 'vitest';
import answer from '../data/s-corp-election-answer.json' with { type: 'json' };
import { type ElectionRecord, electionAnswerDue, electionState } from './election.ts';

/** The election's state on fixed days: January, mid-year and December (docs/decisions/0422-election-tracked.md). */

const sent = (on: string, how: 'fax' | 'mail' = 'fax'): ElectionRecord => ({ sent: { how, on, to: '855-000-0000' } });

describe('the S-corporation election state', () => {
  it('is not started before anything is recorded, with the first-year deadline', () => {
    const s = electionState({ formationDate: '2026-01-05', today: '2026-01-20' });
    expect(s).toMatchObject({ state: 'not-started', deadline: '2026-03-19' });
    expect(s.detail[0]).toContain('March 19, 2026');
  });

  it('waits for the CP261 two months after the day sent (January)', () => {
    const s = electionState({ formationDate: '2026-01-05', record: sent('2026-01-20'), today: '2026-01-21' });
    expect(s).toMatchObject({ state: 'waiting', sentOn: '2026-01-20', dueOn: '2026-03-20' });
    expect(s.headline).toBe('Sent: waiting for the IRS, its answer due by March 20, 2026');
    expect(s.detail[0]).toContain('Faxed to the IRS on January 20, 2026');
  });

  it('is overdue the day after the answer was due, with the IRS line to call (mid-year)', () => {
    const record = sent('2026-04-10', 'mail');
    const s = electionState({ formationDate: '2026-03-01', record, today: '2026-06-10' });
    expect(s.state).toBe('waiting');
    const over = electionState({ formationDate: '2026-03-01', record, today: '2026-06-11' });
    expect(over).toMatchObject({ state: 'overdue', dueOn: '2026-06-10', late: false });
    expect(over.headline).toBe('No CP261 by June 10, 2026: call the IRS');
    expect(over.detail.join(' ')).toContain(answer.followUpPhone);
  });

  it('is late when sent after the deadline, with the Rev. Proc. 2013-30 steps from the data (December)', () => {
    const s = electionState({ formationDate: '2026-06-01', record: sent('2026-12-01'), today: '2026-12-02' });
    expect(s).toMatchObject({ state: 'late', deadline: '2026-08-17', dueOn: '2027-02-01' });
    expect(s.detail.join(' ')).toContain('Rev. Proc. 2013-30');
    for (const step of answer.lateRelief.steps) expect(s.detail).toContain(step);
    // A late election not answered in time is overdue, and still carries the relief steps.
    const over = electionState({ formationDate: '2026-06-01', record: sent('2026-12-01'), today: '2027-02-02' });
    expect(over).toMatchObject({ state: 'overdue', late: true });
    expect(over.detail).toContain(answer.lateRelief.steps[0]);
  });

  it('is in effect once the CP261 is recorded, sent or not', () => {
    const s = electionState({ formationDate: '2026-01-05', record: { ...sent('2026-01-20'), effectiveOn: '2026-01-05', letterId: 'x' }, today: '2026-12-31' });
    expect(s).toMatchObject({ state: 'in-effect', effectiveOn: '2026-01-05', sentOn: '2026-01-20' });
    expect(s.headline).toBe('S-corporation election in effect from January 5, 2026');
    expect(electionState({ formationDate: '2026-01-05', record: { effectiveOn: '2026-01-05' }, today: '2026-12-31' }).state).toBe('in-effect');
  });

  it('counts the due date in months from the day sent, at the end of a month too', () => {
    expect(electionAnswerDue('2026-12-31')).toBe('2027-02-28');
    expect(answer.followUpSource.url).toMatch(/^https:\/\/www\.irs\.gov\//);
    expect(answer.letterSource.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
