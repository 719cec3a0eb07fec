import { describe, expect, it } from 'vitest';
import { CONTRACT } from '../api/contract.ts';
import { ACTION_ROLES, mayPerform } from './actions.ts';

describe('staff actions by role', () => {
  it('an owner may do everything; processors and support see no Refund or Reveal; nobody signed in may do nothing', () => {
    for (const action of Object.keys(ACTION_ROLES) as (keyof typeof ACTION_ROLES)[]) expect(mayPerform({ role: 'owner' }, action)).toBe(true);
    for (const role of ['processor', 'support'] as const) {
      expect(mayPerform({ role }, 'refund')).toBe(false);
      expect(mayPerform({ role }, 'revealTaxId')).toBe(false);
      expect(mayPerform({ role }, 'manageStaff')).toBe(false);
    }
    expect(mayPerform(undefined, 'refund')).toBe(false);
    expect(mayPerform(undefined, 'answerTickets')).toBe(false);
  });

  it('support answers tickets only; processors also work the orders', () => {
    expect(mayPerform({ role: 'support' }, 'answerTickets')).toBe(true);
    expect(mayPerform({ role: 'support' }, 'workOrders')).toBe(false);
    expect(mayPerform({ role: 'support' }, 'viewAudit')).toBe(false);
    expect(mayPerform({ role: 'processor' }, 'workOrders')).toBe(true);
    expect(mayPerform({ role: 'processor' }, 'answerTickets')).toBe(true);
  });

  it('the owner’s tax-id permission shows Reveal to that person, and nothing else of the owner’s', () => {
    const granted = { role: 'processor' as const, permissions: ['revealTaxId' as const] };
    expect(mayPerform(granted, 'revealTaxId')).toBe(true);
    expect(mayPerform(granted, 'refund')).toBe(false);
    expect(mayPerform({ role: 'support', permissions: ['revealTaxId'] }, 'revealTaxId')).toBe(true);
  });

  it('the routes refuse exactly what the screens hide', () => {
    expect(CONTRACT['POST /api/staff/applications/{id}/refund'].role).toBe(ACTION_ROLES.refund);
    expect(CONTRACT['POST /api/staff/applications/{id}/tax-id/reveal'].role).toBe(ACTION_ROLES.revealTaxId);
    expect(CONTRACT['POST /api/staff/applications/{id}/tax-id/reveal'].permission).toBe('revealTaxId');
    expect(CONTRACT['POST /api/staff/applications/{id}/reopen'].role).toBe(ACTION_ROLES.reopen);
    expect(CONTRACT['GET /api/staff/people'].role).toBe(ACTION_ROLES.manageStaff);
    expect(CONTRACT['PUT /api/staff/operator-settings'].role).toBe(ACTION_ROLES.changeSettings);
    expect(CONTRACT['GET /api/staff/queue'].role).toBe(ACTION_ROLES.workOrders);
    expect(CONTRACT['GET /api/staff/applications'].role).toBe(ACTION_ROLES.workOrders);
    expect(CONTRACT['GET /api/staff/audit'].role).toBe(ACTION_ROLES.viewAudit);
    expect(CONTRACT['GET /api/staff/tickets'].role).toBe(ACTION_ROLES.answerTickets);
    expect(CONTRACT['POST /api/staff/tickets/{id}/replies'].role).toBe(ACTION_ROLES.answerTickets);
    for (const key of ['POST /api/content', 'PATCH /api/content/{id}', 'DELETE /api/content/{id}'] as const) {
      expect(CONTRACT[key].role).toBe(ACTION_ROLES.publishContent);
    }
    expect(CONTRACT['POST /api/content/drafts/{id}/approve'].role).toBe(ACTION_ROLES.publishContent);
    expect(CONTRACT['POST /api/content/drafts/{id}/reject'].role).toBe(ACTION_ROLES.publishContent);
    expect(CONTRACT['POST /api/content/drafts'].role).toBe(ACTION_ROLES.editContent);
    expect(CONTRACT['GET /api/content/drafts'].role).toBe(ACTION_ROLES.editContent);
  });

  it('a processor drafts site texts; only an owner publishes them', () => {
    expect(mayPerform({ role: 'processor' }, 'editContent')).toBe(true);
    expect(mayPerform({ role: 'processor' }, 'publishContent')).toBe(false);
    expect(mayPerform({ role: 'support' }, 'editContent')).toBe(false);
    expect(mayPerform({ role: 'owner' }, 'publishContent')).toBe(true);
  });
});
