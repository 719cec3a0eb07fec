import { describe, expect, it } from 'vitest';
import { COMPLETED_STATUSES, COUNTED_STATUSES, isAllowedStaffMove, nextStaffTransition, normaliseStatus, PENDING_STATUSES } from './application-status.ts';

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

  it('defines pending and completed once, drafts never counted', () => {
    expect([...PENDING_STATUSES]).toEqual(['submitted', 'processing']);
    expect([...COMPLETED_STATUSES]).toEqual(['completed']);
    expect(COUNTED_STATUSES).not.toContain('draft');
  });
});
