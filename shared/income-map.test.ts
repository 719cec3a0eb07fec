import { describe, expect, it } from 'vitest';
import federal from './data/federal-tax-2026.json' with { type: 'json' };
import { EMPTY_INCOME_MAP, expectedForms, INCOME_KIND_FACTS, incomeTotal } from './income-map.ts';

describe('the income map', () => {
  it('sums every kind, gifted products at their value', () => {
    expect(incomeTotal({ platform: 30_000, brandDeals: 12_000, tips: 4_000, affiliate: 1_500, gifted: 2_500 })).toBe(50_000);
  });

  it('flags the kinds a payer is expected to report, from the data file thresholds', () => {
    const map = { ...EMPTY_INCOME_MAP, platform: federal.informationReturns.form1099K.threshold, brandDeals: 1_999, affiliate: 2_000, gifted: 9_000 };
    expect(expectedForms(map)).toEqual(['platform', 'affiliate']);
  });

  it('says tips still owe self-employment tax and states the deduction from the data file', () => {
    expect(INCOME_KIND_FACTS.tips.taxed).toContain('self-employment tax is still due');
    expect(INCOME_KIND_FACTS.tips.taxed).toContain('$25,000 a year');
    expect(INCOME_KIND_FACTS.gifted.taxed).toContain('fair market value');
    expect(INCOME_KIND_FACTS.brandDeals.reported).toContain('$2,000 or more in 2026');
  });
});
