import { describe, expect, it } from 'vitest';
import { CONTRACT } from '../api/contract.ts';
import { ACTION_ROLES, mayPerform } from './actions.ts';

describe('staff actions by role', () => {
  it('an owner may refund and reveal; staff may not; nobody signed in may do nothing', () => {
    expect(mayPerform('owner', 'refund')).toBe(true);
    expect(mayPerform('owner', 'revealTaxId')).toBe(true);
    expect(mayPerform('staff', 'refund')).toBe(false);
    expect(mayPerform('staff', 'revealTaxId')).toBe(false);
    expect(mayPerform(undefined, 'refund')).toBe(false);
  });

  it('the routes refuse exactly what the screens hide', () => {
    expect(CONTRACT['POST /api/staff/applications/{id}/refund'].role).toBe(ACTION_ROLES.refund);
    expect(CONTRACT['POST /api/staff/applications/{id}/tax-id/reveal'].role).toBe(ACTION_ROLES.revealTaxId);
    expect(CONTRACT['POST /api/staff/applications/{id}/reopen'].role).toBe(ACTION_ROLES.reopen);
  });
});
