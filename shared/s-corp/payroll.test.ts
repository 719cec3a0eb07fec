import { describe, expect, it } from 'vitest';
import type { SavedTaxPlan } from '../saved-tax-plan.ts';
import { payrollHandOff } from './payroll.ts';

const SAVED: SavedTaxPlan = {
  request: { year: 2026, filingStatus: 'single', profit: 120_000, salary: 60_000 },
  savedAt: '2026-11-20T10:00:00.000Z',
};

describe('the payroll hand-off', () => {
  it('shows the salary with the planner’s assumptions, the IRS guidance and that the figure is the creator’s', () => {
    const handOff = payrollHandOff(SAVED, { stateName: 'Florida', ein: '12-3456789' });
    expect(handOff?.salary).toBe(60_000);
    expect(handOff?.reasoning[0]?.text).toContain('$60,000 (50% of a $120,000 profit');
    expect(handOff?.reasoning[1]?.source).toContain('FS-2008-25');
    expect(handOff?.reasoning[2]?.text).toContain('The salary is your decision');
    expect(payrollHandOff({ ...SAVED, request: { year: 2026, filingStatus: 'single', profit: 120_000 } }, { stateName: 'Florida' })).toBeUndefined();
  });

  it('lists the federal steps with their source and says plainly that our data has nothing on the state’s registrations', () => {
    const handOff = payrollHandOff(SAVED, { stateName: 'Florida', ein: '12-3456789' });
    expect(handOff?.checklist.federal.map((s) => s.id)).toEqual(['ein', 'form-941', 'form-940', 'form-w2']);
    expect(handOff?.checklist.federal[0]?.text).toContain('12-3456789');
    expect(handOff?.checklist.federal[1]?.source).toContain('Publication 15');
    // Florida: our data quotes the Department of Revenue (no personal income tax), with the dataset's credit; nothing on unemployment insurance.
    expect(handOff?.checklist.state.map((s) => s.id)).toEqual(['state-withholding', 'state-unemployment']);
    expect(handOff?.checklist.state[0]?.text).toBe(
      'Florida has no state income tax to withhold from the salary: "Florida does not impose a personal income tax", the Florida Department of Revenue says.',
    );
    expect(handOff?.checklist.state[0]?.source).toContain('Florida Department of Revenue FAQ 1466');
    expect(handOff?.checklist.state[0]?.source).toContain('US LLC State Requirements Dataset by StartupSole LLC (snapshot of 2026-08-07), CC BY 4.0');
    expect(handOff?.checklist.state[1]).toEqual({
      id: 'state-unemployment',
      text: "Our data has nothing on Florida's employer registration for unemployment insurance, nor on which Florida office handles it: find out from Florida whether and how your LLC registers for it before the first payday.",
    });
  });

  it('names the office for withholding only where our data quotes it, and otherwise says our data has nothing on either registration', () => {
    const maine = payrollHandOff(SAVED, { stateName: 'Maine' })?.checklist.state ?? [];
    expect(maine[0]?.text).toContain('Maine Revenue Services lists "Employer Withholding" among its business tax types');
    expect(maine[0]?.source).toContain('https://www.maine.gov/revenue/');
    expect(maine[1]?.id).toBe('state-unemployment');
    for (const state of ['California', 'Texas', 'New York']) {
      const steps = payrollHandOff(SAVED, { stateName: state })?.checklist.state ?? [];
      expect(steps).toEqual([
        {
          id: 'state-registration',
          text: `Our data has nothing on ${state}'s employer registration for state income tax withholding or for unemployment insurance, nor on which ${state} office handles each: find out from ${state} whether and how your LLC registers as an employer for each before the first payday.`,
        },
      ]);
      // No office is named from outside our data: which one handles each differs by state.
      expect(steps[0]?.text).not.toMatch(/department|commission|revenue|labor|workforce/i);
    }
    // The unemployment line never names an office, in any state.
    for (const state of ['Arizona', 'Colorado', 'Maine', 'Florida'])
      expect(payrollHandOff(SAVED, { stateName: state })?.checklist.state[1]?.text).not.toMatch(/department|commission|revenue|labor|workforce/i);
  });

  it('recomputes the quarterly estimates once withholding starts, by the plan’s own engine', () => {
    const before = payrollHandOff(SAVED, { stateName: 'Florida' });
    const after = payrollHandOff(SAVED, { stateName: 'Florida' }, 4_000);
    expect(before?.quarterly.after).toBeUndefined();
    const sum = (q: { amount: number }[] | undefined) => (q ?? []).reduce((s, i) => s + i.amount, 0);
    expect(sum(after?.quarterly.before)).toBe(sum(before?.quarterly.before));
    // $4,000 withheld a year: the four instalments fall by $4,000 in all (rounded up per instalment).
    expect(sum(after?.quarterly.before) - sum(after?.quarterly.after)).toBeGreaterThanOrEqual(3_996);
    expect(sum(after?.quarterly.before) - sum(after?.quarterly.after)).toBeLessThanOrEqual(4_004);
    expect(after?.quarterly.withholding).toBe(4_000);
  });
});
