import { describe, expect, it } from 'vitest';
import { ADD_ON_KEYS } from '../pricing.ts';
import { findStatePricing } from '../states.ts';
import { centsToDecimalString, orderForApplication } from './order.ts';

const ADD_ON_PRICES = { expeditedFiling: 75, feinFiling: 75, operatingAgreement: 50 } as const;

describe('orderForApplication', () => {
  // All 8 combinations of the three add-ons, in two states.
  const combos = Array.from({ length: 8 }, (_, i) => ({ expeditedFiling: Boolean(i & 1), feinFiling: Boolean(i & 2), operatingAgreement: Boolean(i & 4) }));
  for (const state of ['FL', 'TX']) {
    for (const addOns of combos) {
      it(`${state} with ${JSON.stringify(addOns)}`, () => {
        const pricing = findStatePricing(state)!;
        const extra = ADD_ON_KEYS.reduce((sum, k) => sum + (addOns[k] ? ADD_ON_PRICES[k] : 0), 0);
        const order = orderForApplication({ state, ...addOns })!;
        expect(order.total).toBe(pricing.totalCost + extra);
        expect(order.totalCents).toBe((pricing.totalCost + extra) * 100);
        expect(order.lines.map((l) => l.key)).toEqual(['filingFee', 'serviceFee', ...ADD_ON_KEYS.filter((k) => addOns[k])]);
        expect(order.processingTime).toBe(addOns.expeditedFiling ? '1-2 business days' : '5-7 business days');
      });
    }
  }
  it('Florida (125 + 150) with every add-on is $475', () => {
    expect(orderForApplication({ state: 'FL', expeditedFiling: true, feinFiling: true, operatingAgreement: true })?.totalCents).toBe(47500);
  });
  it('defaults a missing state to Florida and refuses an unknown one', () => {
    expect(orderForApplication({})?.state.code).toBe('FL');
    expect(orderForApplication({ state: 'ZZ' })).toBeUndefined();
  });
  it('formats cents as a decimal string', () => {
    expect(centsToDecimalString(42500)).toBe('425.00');
    expect(centsToDecimalString(5)).toBe('0.05');
  });
});
