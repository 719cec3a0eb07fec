import { describe, expect, it } from 'vitest';
import { COMPLETED_STATUSES, COUNTED_STATUSES, isAllowedStaffMove, nextStaffTransition, normaliseStatus } from './application-status.ts';

describe('application status workflow', () => {
  it('allows exactly submitted -> processing -> filed -> completed, each with its action', () => {
    expect(nextStaffTransition('submitted')).toMatchObject({ to: 'processing', action: 'Start Processing' });
    expect(nextStaffTransition('processing')).toMatchObject({ to: 'filed', action: 'Mark Filed' });
    expect(nextStaffTransition('filed')).toMatchObject({ to: 'completed', action: 'Mark Complete' });
    expect(nextStaffTransition('completed')).toBeUndefined();
    expect(nextStaffTransition('draft')).toBeUndefined();
    expect(nextStaffTransition('archived')).toBeUndefined();
  });

  it('refuses skipped, backward and unknown moves', () => {
    expect(isAllowedStaffMove('submitted', 'processing')).toBe(true);
    expect(isAllowedStaffMove('submitted', 'filed')).toBe(false);
    expect(isAllowedStaffMove('filed', 'processing')).toBe(false);
    expect(isAllowedStaffMove('draft', 'processing')).toBe(false);
    expect(isAllowedStaffMove('completed', 'completed')).toBe(false);
  });

  it('treats a missing status as submitted (docs/product.md section 4)', () => {
    expect(normaliseStatus(undefined)).toBe('submitted');
    expect(normaliseStatus('')).toBe('submitted');
    expect(isAllowedStaffMove(undefined, 'processing')).toBe(true);
  });

  it("defines completed once, drafts never counted (pending is the work queue's paid stages)", () => {
    expect([...COMPLETED_STATUSES]).toEqual(['completed']);
    expect(COUNTED_STATUSES).not.toContain('draft');
  });
});

describe('filedDateProblem', () => {
  it('refuses a filing date before the payment or after today, and accepts the days between', async () => {
    const { filedDateProblem } = await import('./application-status.ts');
    expect(filedDateProblem('2026-09-12', '2026-11-27T09:00:00.000Z', '2026-11-27')).toBe(
      "The filing date cannot be before the order was paid (2026-11-27): enter the date on the state's approval",
    );
    expect(filedDateProblem('2026-11-28', '2026-11-20T09:00:00.000Z', '2026-11-27')).toBe('The filing date cannot be in the future (today is 2026-11-27)');
    expect(filedDateProblem('2026-11-20', '2026-11-20T23:59:00.000Z', '2026-11-27')).toBeUndefined();
    expect(filedDateProblem('2026-11-27', '2026-11-20T09:00:00.000Z', '2026-11-27')).toBeUndefined();
  });
});
