import { describe, expect, it } from 'vitest';
import { JURISDICTION_CODES } from './facts.ts';
import { processingFor, summarizeStatement } from './processing-times.ts';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const HTTP = /^https?:\/\//;

/** Per jurisdiction: the standard time as shown (undefined: none published or not researched), the expedite status, and how many tiers a formation can buy. */
const EXPECTED: Record<string, [standard: string | undefined, expedite: string, tiers: number]> = {
  AL: ['Immediate (online)', 'not-offered', 0],
  AK: ['Up to 3 weeks (by mail)', 'offered', 1],
  AZ: ['14-16 days', 'offered', 4],
  AR: ['Up to 2 business days (online)', 'not-offered', 0],
  CA: ['Working on online filings received 2026-08-06 (as of 2026-08-08)', 'offered', 3],
  CO: ['Same day (online)', 'not-for-llc-formation', 0],
  CT: [undefined, 'not-researched', 0],
  DE: [undefined, 'offered', 4],
  FL: [undefined, 'not-offered', 0],
  GA: ['7-10 business days (online)', 'offered', 3],
  HI: [undefined, 'offered', 1],
  ID: ['7-10 days', 'offered', 2],
  IL: [undefined, 'offered', 1],
  IN: [undefined, 'not-offered', 0],
  IA: [undefined, 'offered', 2],
  KS: ['Within minutes (online)', 'not-offered', 0],
  KY: ['Up to 3 business days (online)', 'not-offered', 0],
  LA: [undefined, 'offered', 2],
  ME: ['40-55 business days (by mail)', 'offered', 2],
  MD: [undefined, 'offered', 1],
  MA: [undefined, 'not-offered', 0],
  MI: [undefined, 'offered', 4],
  MN: [undefined, 'offered', 2],
  MS: [undefined, 'not-offered', 0],
  MO: [undefined, 'not-offered', 0],
  MT: [undefined, 'offered', 2],
  NE: [undefined, 'not-offered', 0],
  NV: ['Working on mailed filings received 2026-07-30 (as of 2026-08-07)', 'offered', 3],
  NH: ['Up to 5 business days', 'offered', 1],
  NJ: [undefined, 'offered', 4],
  NM: ['Working on online filings received 2026-07-16 (as of 2026-08-06)', 'not-offered', 0],
  NY: [undefined, 'offered', 3],
  NC: [undefined, 'offered', 2],
  ND: [undefined, 'not-offered', 0],
  OH: ['3-7 business days', 'offered', 3],
  OK: [undefined, 'offered', 1],
  OR: [undefined, 'not-researched', 0],
  PA: [undefined, 'offered', 3],
  RI: ['1-3 business days', 'not-offered', 0],
  SC: [undefined, 'not-offered', 0],
  SD: ['1-3 business days (by mail)', 'offered', 1],
  TN: [undefined, 'not-offered', 0],
  TX: [undefined, 'offered', 3],
  UT: ['2-4 business days', 'offered', 1],
  VT: [undefined, 'not-offered', 0],
  VA: [undefined, 'offered', 2],
  WA: ['Up to 15 business days (by mail)', 'offered', 4],
  WV: ['5-10 business days', 'offered', 4],
  WI: [undefined, 'offered', 3],
  WY: ['Up to 15 business days (by mail)', 'not-for-llc-formation', 0],
  DC: [undefined, 'offered', 2],
};

describe('processing times for all 51 jurisdictions', () => {
  it('covers the 50 states and DC', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...JURISDICTION_CODES].sort());
  });

  it.each(Object.entries(EXPECTED))('%s', (code, [standardText, status, tierCount]) => {
    const p = processingFor(code)!;
    expect(p.state).toBe(code);
    expect(p.source.url).toMatch(HTTP);
    expect(p.source.verifiedAt).toMatch(ISO);
    expect(p.standard?.text).toBe(standardText);
    expect(p.expediteStatus).toBe(status);
    expect(p.expedite).toHaveLength(tierCount);

    if (p.standard) {
      expect(p.standard.sourceUrl).toMatch(HTTP);
      if (p.standard.observedOn !== undefined) expect(p.standard.observedOn).toMatch(ISO);
      if (p.standard.minBusinessDays !== undefined) expect(p.standard.minBusinessDays).toBeLessThanOrEqual(p.standard.maxBusinessDays!);
      if (p.standard.basis === 'queue-date') expect(p.standard.minBusinessDays).toBeUndefined();
    } else {
      // Missing data is said, not filled in.
      expect(p.notes.join(' ')).toMatch(/publishes no standard processing time|have not found a standard processing time/);
    }

    for (const tier of p.expedite) {
      expect(tier.name.length).toBeGreaterThan(0);
      expect(tier.sourceUrl).toMatch(HTTP);
      if (tier.fee !== undefined) {
        expect(Number.isInteger(tier.fee) && tier.fee > 0).toBe(true);
        expect(tier.feeMin).toBeUndefined();
      } else {
        expect(tier.feeMin! > 0 && tier.feeMin! < tier.feeMax!).toBe(true);
      }
    }
  });

  it('keeps California’s queue date as a date, never as a duration', () => {
    const ca = processingFor('CA')!;
    expect(ca.standard).toMatchObject({ basis: 'queue-date', channel: 'online', observedOn: '2026-08-08' });
    expect(ca.expedite.map((t) => t.fee).sort((a, b) => a! - b!)).toEqual([350, 500, 750]);
  });

  it('gives stated ranges as business days', () => {
    expect(processingFor('GA')!.standard).toMatchObject({ minBusinessDays: 7, maxBusinessDays: 10, channel: 'online', basis: 'stated-range' });
    expect(processingFor('CO')!.standard).toMatchObject({ minBusinessDays: 0, maxBusinessDays: 0 });
  });

  it('shows fee ranges where the state publishes ranges (Delaware)', () => {
    const de = processingFor('de')!;
    expect(de.standard).toBeUndefined();
    expect(de.expedite.find((t) => t.name === 'Same Day Service')).toMatchObject({ feeMin: 100, feeMax: 200 });
    expect(de.expedite.find((t) => t.name === 'One Hour Service')).toMatchObject({ fee: 1000 });
    expect(de.notes.join(' ')).toMatch(/without saying whether they cover an LLC formation/);
  });

  it('lists no tiers a formation cannot buy (Wyoming, Colorado) and says why', () => {
    for (const code of ['WY', 'CO']) {
      const p = processingFor(code)!;
      expect(p.expedite).toEqual([]);
      expect(p.notes.join(' ')).toMatch(/not for forming an LLC/);
    }
  });

  it('tells a researched "no" (Florida) from an unresearched state (Connecticut)', () => {
    expect(processingFor('FL')).toMatchObject({ expediteStatus: 'not-offered', expedite: [], standard: undefined });
    const ct = processingFor('CT')!;
    expect(ct).toMatchObject({ expediteStatus: 'not-researched', expedite: [], standard: undefined });
    expect(ct.notes.join(' ')).toMatch(/not yet researched/);
  });

  it('carries New York’s per-document, charged-if-rejected terms', () => {
    expect(processingFor('NY')).toMatchObject({ feeIsPerDocument: true, chargedIfRejected: true });
  });

  it('knows no other codes', () => {
    expect(processingFor('ZZ')).toBeUndefined();
    expect(processingFor('')).toBeUndefined();
  });
});

describe('summarizeStatement', () => {
  it.each([
    ['· No Expedite Fee. · Processing Time: 3-7 business days.', { text: '3-7 business days' }],
    ['Your filing may take between one to three business days to process.', { text: '1-3 business days' }],
    ['If submitting hard copy, processing times may be up to 3 weeks from the date received.', { text: 'Up to 3 weeks (by mail)', channel: 'mail' }],
    ['Online filings are generally processed within 7 to 10 business days.', { text: '7-10 business days (online)', channel: 'online' }],
    ['Processing happens within minutes and your certified copy can be printed.', { text: 'Within minutes (online)', channel: 'online' }],
  ])('%j', (statement, expected) => {
    expect(summarizeStatement(statement)).toEqual(expected);
  });

  it('returns undefined when the sentence states no time', () => {
    expect(summarizeStatement('Filings are processed in the order received.')).toBeUndefined();
  });
});
