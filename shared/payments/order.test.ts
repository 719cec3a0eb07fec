import { describe, expect, it } from 'vitest';
import { processingTimeFor } from '../pricing.ts';
import { stateExpediteFee } from '../state-facts/expedite.ts';
import { findStatePricing } from '../states.ts';
import { centsToDecimalString, orderForApplication } from './order.ts';

const ADD_ON_PRICES = { expeditedFiling: 75, feinFiling: 75, operatingAgreement: 50 } as const;
const THREE = ['expeditedFiling', 'feinFiling', 'operatingAgreement'] as const;

describe('orderForApplication', () => {
  // All 8 combinations of the three add-ons, in a state that sells no expedite (FL) and one that does (TX).
  const combos = Array.from({ length: 8 }, (_, i) => ({ expeditedFiling: Boolean(i & 1), feinFiling: Boolean(i & 2), operatingAgreement: Boolean(i & 4) }));
  for (const state of ['FL', 'TX']) {
    for (const addOns of combos) {
      it(`${state} with ${JSON.stringify(addOns)}`, () => {
        const pricing = findStatePricing(state)!;
        const expedite = stateExpediteFee(state);
        const bought = THREE.filter((k) => addOns[k] && (k !== 'expeditedFiling' || expedite));
        const extra = bought.reduce((sum, k) => sum + ADD_ON_PRICES[k], 0) + ((bought as readonly string[]).includes('expeditedFiling') ? expedite!.fee : 0);
        const order = orderForApplication({ state, ...addOns })!;
        expect(order.total).toBe(pricing.totalCost + extra);
        expect(order.totalCents).toBe((pricing.totalCost + extra) * 100);
        expect(order.lines.map((l) => l.key)).toEqual([
          'filingFee',
          'serviceFee',
          ...bought.flatMap((k) => (k === 'expeditedFiling' ? [k, 'stateExpediteFee'] : [k])),
        ]);
        expect(order.processingTime).toBe(processingTimeFor(state, addOns));
      });
    }
  }
  it('Florida (125 + 150) with every add-on is $400: Florida sells no expedite, so that add-on adds nothing', () => {
    expect(orderForApplication({ state: 'FL', expeditedFiling: true, feinFiling: true, operatingAgreement: true })?.totalCents).toBe(40000);
  });
  it("Texas (300 + 150) with every add-on is $700: our $75 plus the state's $50 Standard Expedited", () => {
    expect(orderForApplication({ state: 'TX', expeditedFiling: true, feinFiling: true, operatingAgreement: true })?.totalCents).toBe(70000);
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
