import { describe, expect, it } from 'vitest';
import { agentExitOffice, agentExitSteps, refundableRenewal, refundWords, serviceEndsOn } from './agent-exit.ts';
import type { RenewalCharge } from './renewal-charges.ts';

const paid = (paidAt: string, over: Partial<RenewalCharge> = {}): RenewalCharge => ({
  period: '2027-11-22',
  amountCents: 12_500,
  state: 'paid',
  attempt: 1,
  reference: 'pi_123',
  paidAt,
  ...over,
});

describe('leaving the registered agent service', () => {
  it('refunds a paid renewal cancelled within 30 days of its charge, not on day 31, nor one refunded or unpaid', () => {
    expect(refundableRenewal(paid('2027-11-22T15:00:00Z'), '2027-11-22')).toBeDefined();
    expect(refundableRenewal(paid('2027-11-22T15:00:00Z'), '2027-12-22')).toBeDefined();
    expect(refundableRenewal(paid('2027-11-22T15:00:00Z'), '2027-12-23')).toBeUndefined();
    expect(
      refundableRenewal(paid('2027-11-22T15:00:00Z', { refund: { id: 're_1', amountCents: 12_500, at: '2027-11-30T00:00:00Z' } }), '2027-12-01'),
    ).toBeUndefined();
    expect(refundableRenewal(paid('2027-11-22T15:00:00Z', { state: 'payment-due' }), '2027-11-25')).toBeUndefined();
    expect(refundableRenewal(undefined, '2027-11-25')).toBeUndefined();
  });

  it('ends on the next anniversary of the formation, or 30 days after a refunded cancellation (never later than the anniversary)', () => {
    expect(serviceEndsOn('2026-11-22', '2027-03-01')).toBe('2027-11-22');
    expect(serviceEndsOn('2026-11-22', '2027-11-22')).toBe('2028-11-22');
    expect(serviceEndsOn('2026-11-22', '2027-12-02', true)).toBe('2028-01-01');
  });

  it("names the state's filing office and the end date, and says we do not hold the form or its fee", () => {
    const steps = agentExitSteps('FL', '2028-01-01').join(' ');
    expect(steps).toContain("File Florida's change of registered agent with the");
    expect(steps).toContain('before January 1, 2028');
    expect(steps).toContain("We do not have the form's name or its fee in our data");
    expect(agentExitOffice('FL')?.url).toMatch(/^https:\/\//);
  });

  it('says the refund in words', () => {
    expect(refundWords(12_500, false)).toContain('$125 for is refunded in full');
    expect(refundWords(0, true)).toContain('first year is included');
    expect(refundWords(0, false)).toContain('more than 30 days old');
  });
});
