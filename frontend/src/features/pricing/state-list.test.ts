import { describe, expect, it } from 'vitest';
import { threeYearCost } from '#shared/state-facts/three-year-cost.ts';
import { STATE_PRICING } from '#shared/states.ts';
import { filingFeeRange, processingDays, processingRank, searchStates, sortStates, threeYearTotal } from './state-list.ts';

describe('processingDays', () => {
  it('reads day ranges, single numbers and weeks', () => {
    expect(processingDays('5-7 business days')).toEqual([5, 7]);
    expect(processingDays('10 business days')).toEqual([10, 10]);
    expect(processingDays('2-3 weeks')).toEqual([14, 21]);
    expect(processingDays('varies')[0]).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('searchStates', () => {
  it('matches names anywhere and codes exactly, ignoring case', () => {
    expect(searchStates(STATE_PRICING, 'tx').map((s) => s.code)).toEqual(['TX']);
    expect(searchStates(STATE_PRICING, 'new').map((s) => s.code)).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect(searchStates(STATE_PRICING, '  Florida ').map((s) => s.code)).toEqual(['FL']);
    expect(searchStates(STATE_PRICING, 'zz')).toEqual([]);
    expect(searchStates(STATE_PRICING, '')).toHaveLength(STATE_PRICING.length);
  });
});

describe('sortStates', () => {
  it('sorts by each key, ascending, ties by name', () => {
    const pairs = (key: Parameters<typeof sortStates>[1]) => sortStates(STATE_PRICING, key);
    const byFiling = pairs('filingFee');
    for (let i = 1; i < byFiling.length; i++) expect(byFiling[i - 1].filingFee).toBeLessThanOrEqual(byFiling[i].filingFee);
    const byTotal = pairs('totalCost');
    for (let i = 1; i < byTotal.length; i++) expect(byTotal[i - 1].totalCost).toBeLessThanOrEqual(byTotal[i].totalCost);
    const byName = pairs('name').map((s) => s.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    // Processing: the state's published time (shared/state-facts), fastest first, none published last.
    const byProcessing = pairs('processingTime').map((s) => s.code);
    expect(byProcessing.slice(0, 3)).toEqual(['AL', 'CO', 'KS']);
    expect(byProcessing.indexOf('ME')).toBeLessThan(byProcessing.indexOf('CA'));
    expect(processingRank(byProcessing.at(-1)!)).toEqual([Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]);
    // The all-in first three years: our fees, the state's fees and taxes, the registered agent renewal.
    const byThreeYears = pairs('threeYearCost');
    for (let i = 1; i < byThreeYears.length; i++) expect(threeYearTotal(byThreeYears[i - 1].code)).toBeLessThanOrEqual(threeYearTotal(byThreeYears[i].code));
    expect(threeYearTotal('CA')).toBe(threeYearCost('CA')!.total);
    expect(byThreeYears.indexOf(byThreeYears.find((s) => s.code === 'CA')!)).toBeGreaterThan(byThreeYears.findIndex((s) => s.code === 'WY'));
    // equal service fees everywhere: the tie-break keeps name order
    expect(pairs('serviceFee').map((s) => s.name)).toEqual(byName);
  });
  it('does not change its input', () => {
    const copy = [...STATE_PRICING];
    sortStates(STATE_PRICING, 'totalCost');
    expect(STATE_PRICING).toEqual(copy);
  });
});

describe('filingFeeRange', () => {
  it('names the cheapest and the dearest filing fee of the dataset, with their states', () => {
    const range = filingFeeRange(STATE_PRICING)!;
    // Every other state's fee lies between the two bounds.
    for (const s of STATE_PRICING) {
      expect(s.filingFee).toBeGreaterThanOrEqual(range.low.fee);
      expect(s.filingFee).toBeLessThanOrEqual(range.high.fee);
    }
    expect(range.low.names).toEqual(
      STATE_PRICING.filter((s) => s.filingFee === range.low.fee)
        .map((s) => s.name)
        .sort(),
    );
    expect(range.high.names).toEqual(
      STATE_PRICING.filter((s) => s.filingFee === range.high.fee)
        .map((s) => s.name)
        .sort(),
    );
  });

  it('lists every state tied at a bound, and nothing for no states', () => {
    const [a, b, c] = STATE_PRICING;
    const tied = [
      { ...a, filingFee: 50 },
      { ...b, filingFee: 50 },
      { ...c, filingFee: 90 },
    ];
    expect(filingFeeRange(tied)).toEqual({ low: { fee: 50, names: [a.name, b.name].sort() }, high: { fee: 90, names: [c.name] } });
    expect(filingFeeRange([])).toBeUndefined();
  });
});
