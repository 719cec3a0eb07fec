import { describe, expect, it } from 'vitest';
import provenance from './data/state-sources.json' with { type: 'json' };
import { cheapestTotal, FALLBACK_PRICING, findStatePricing, SERVICE_FEE, STATE_PRICING, STATE_RECORDS } from './states.ts';

describe('state data', () => {
  it('falls back to $275 (125 + 150) before live pricing loads (docs/product.md section 9)', () => {
    expect(FALLBACK_PRICING).toEqual({ filingFee: 125, serviceFee: 150, totalCost: 275 });
  });
  it('has the 50 states and DC once each, sorted by name', () => {
    expect(STATE_PRICING).toHaveLength(51);
    expect(new Set(STATE_PRICING.map((s) => s.code)).size).toBe(51);
    const names = STATE_PRICING.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
  it('uses the official filing fees', () => {
    const fee = (c: string) => findStatePricing(c)?.filingFee;
    expect([fee('FL'), fee('TX'), fee('CA'), fee('NY'), fee('DE'), fee('WY'), fee('NV'), fee('MA'), fee('KY'), fee('DC')]).toEqual([
      125, 300, 70, 200, 110, 100, 425, 500, 40, 99,
    ]);
  });
  it('totals filing fee plus the service fee, and keeps a source per state', () => {
    for (const s of STATE_PRICING) expect(s.totalCost).toBe(s.filingFee + SERVICE_FEE);
    const sources = new Map(provenance.states.map((p) => [p.code, p]));
    expect(sources.size).toBe(STATE_RECORDS.length);
    for (const r of STATE_RECORDS) {
      expect(sources.get(r.code)?.source).toMatch(/^https:\/\//);
      expect(sources.get(r.code)?.lastVerified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
  it('finds codes case-insensitively', () => {
    expect(findStatePricing('tx')?.name).toBe('Texas');
    expect(findStatePricing('ZZ')).toBeUndefined();
  });
  it('computes the cheapest total from the data', () => {
    expect(cheapestTotal()).toBe(Math.min(...STATE_PRICING.map((s) => s.totalCost)));
    expect(cheapestTotal()).toBe(35 + SERVICE_FEE);
  });
});
