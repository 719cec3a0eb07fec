import { describe, expect, it } from 'vitest';
import { findStatePricing } from '../states.ts';
import { formatRefundCents, refundAmountProblem, refundPlan, stateFeesCents } from './refunds.ts';

const FL_FILING_FEE_CENTS = Math.round((findStatePricing('FL')?.filingFee ?? 0) * 100);

describe('refund rules', () => {
  it("the state's part is its filing fee (and its expedite fee), never our service fee or add-ons", () => {
    expect(FL_FILING_FEE_CENTS).toBeGreaterThan(0);
    expect(stateFeesCents({ state: 'FL', operatingAgreement: true, feinFiling: true })).toBe(FL_FILING_FEE_CENTS);
    expect(stateFeesCents({ state: 'FL', expeditedFiling: true })).toBeGreaterThanOrEqual(FL_FILING_FEE_CENTS);
    expect(stateFeesCents({ state: 'ZZ' })).toBe(0);
  });

  it('before processing everything not refunded may go back; after it the default leaves the state fee out', () => {
    const submitted = refundPlan({ state: 'FL', status: 'submitted', amountPaidCents: 27500, amountRefundedCents: 5000 });
    expect(submitted).toMatchObject({ paidCents: 27500, refundedCents: 5000, refundableCents: 22500, stateFeeSpent: false, suggestedCents: 22500 });
    expect(refundAmountProblem(submitted, 22500, false)).toBeUndefined();
    expect(refundAmountProblem(submitted, 22501, false)).toBe('At most $225.00 can be refunded ($275.00 paid, $50.00 refunded already)');
    expect(refundAmountProblem(submitted, 0, false)).toBe('Enter an amount of at least $0.01');

    const processing = refundPlan({ state: 'FL', status: 'processing', amountPaidCents: 27500, amountRefundedCents: 5000 });
    expect(processing).toMatchObject({ stateFeeSpent: true, stateFeeCents: FL_FILING_FEE_CENTS, suggestedCents: 27500 - FL_FILING_FEE_CENTS - 5000 });
    expect(refundAmountProblem(processing, processing.suggestedCents, false)).toBeUndefined();
    expect(refundAmountProblem(processing, processing.suggestedCents + 1, false)).toMatch(/state fee is already paid to the state/);
    expect(refundAmountProblem(processing, processing.refundableCents, true)).toBeUndefined();
    // Refunded down to the state fee: nothing more by default, but the person may still choose to.
    const down = refundPlan({ state: 'FL', status: 'filed', amountPaidCents: 27500, amountRefundedCents: 27500 - FL_FILING_FEE_CENTS });
    expect(down.suggestedCents).toBe(0);
    expect(down.refundableCents).toBe(FL_FILING_FEE_CENTS);
  });

  it('shows cents exactly', () => {
    expect(formatRefundCents(5050)).toBe('$50.50');
    expect(formatRefundCents(123456789)).toBe('$1,234,567.89');
    expect(formatRefundCents(7)).toBe('$0.07');
  });
});
