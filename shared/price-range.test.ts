import { describe, expect, it } from 'vitest';
import { highestTotal, lowestTotal } from './price-range.ts';
import { cheapestTotal, STATE_PRICING } from './states.ts';

describe('price range', () => {
  it('finds the lowest and highest state totals', () => {
    const states = [{ totalCost: 400 }, { totalCost: 190 }, { totalCost: 650 }];
    expect(lowestTotal(states)).toBe(190);
    expect(highestTotal(states)).toBe(650);
  });
  it('agrees with cheapestTotal over the bundled data', () => {
    expect(lowestTotal(STATE_PRICING)).toBe(cheapestTotal());
    expect(highestTotal(STATE_PRICING)).toBe(Math.max(...STATE_PRICING.map((s) => s.totalCost)));
  });
});
