import { describe, expect, it } from 'vitest';
import { EMPTY_INCOME_MAP } from '../income-map.ts';
import { form1099Check, type Payer1099Year, withPayerYear } from './form-1099-check.ts';
import type { StoredPayer } from './payers.ts';

const payer = (id: string, name: string, kind: StoredPayer['kind'], forms1099?: Payer1099Year[]): StoredPayer => ({
  id,
  name,
  kind,
  form: kind === 'platform' ? 'platform_tax_page' : 'w9',
  how: 'email',
  ...(forms1099 ? { forms1099 } : {}),
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
});
const MAP = { ...EMPTY_INCOME_MAP, platform: 30_000, brandDeals: 8_000, tips: 1_500 };

describe('the January 1099 check', () => {
  it('in January lists each payer at or above $2,000 from the income map, and flags a recorded amount that differs', () => {
    const brand = payer('b', 'Glow Skincare', 'brand', [{ year: 2026, received: [{ form: '1099-NEC', amountCents: 750_000, recordedOn: '2027-01-20' }] }]);
    const check = form1099Check([payer('y', 'YouTube', 'platform'), brand], MAP, '2027-01-25');
    expect(check).toMatchObject({ year: 2026, open: true });
    expect(check.rows.map((r) => [r.name, r.expectedForms, r.paidCents, r.paidFrom])).toEqual([
      ['YouTube', ['1099-K'], 3_000_000, 'income-map'],
      ['Glow Skincare', ['1099-NEC'], 800_000, 'income-map'],
    ]);
    expect(check.rows[0]?.status).toBe('waiting');
    const differs = check.rows[1]?.flags[0];
    expect(differs).toMatchObject({ kind: 'amount-differs', recordedCents: 750_000, paidCents: 800_000 });
    expect(differs?.words).toContain('$7,500');
    expect(differs?.words).toContain('$8,000');
    // Within $1 of the map: no flag.
    const close = form1099Check(
      [payer('b', 'Glow Skincare', 'brand', [{ year: 2026, received: [{ form: '1099-NEC', amountCents: 799_950, recordedOn: '2027-01-20' }] }])],
      MAP,
      '2027-01-25',
    );
    expect(close.rows[0]).toMatchObject({ status: 'ok', flags: [] });
  });

  it('leaves out a payer below $2,000, asks for a figure when two payers share a kind, and takes the figure entered first', () => {
    const small = { ...EMPTY_INCOME_MAP, brandDeals: 1_999 };
    expect(form1099Check([payer('b', 'Tiny Brand', 'brand')], small, '2027-01-10').rows).toEqual([]);
    const two = form1099Check(
      [payer('a', 'Brand A', 'brand'), payer('b', 'Brand B', 'brand', [{ year: 2026, paidCents: 250_000, received: [] }])],
      MAP,
      '2027-01-10',
    );
    expect(two.rows.map((r) => [r.name, r.status, r.paidFrom])).toEqual([
      ['Brand A', 'no-figure', 'none'],
      ['Brand B', 'waiting', 'entered'],
    ]);
  });

  it('flags a 1099-NEC still missing once January is over, and two forms of one kind for one payer', () => {
    const twitch = payer('t', 'Twitch', 'platform', [
      {
        year: 2026,
        paidCents: 500_000,
        expectedForms: ['1099-MISC', '1099-NEC'],
        received: [
          { form: '1099-MISC', amountCents: 300_000, recordedOn: '2027-01-30' },
          { form: '1099-MISC', amountCents: 200_000, recordedOn: '2027-02-02' },
        ],
      },
    ]);
    expect(form1099Check([twitch], undefined, '2027-01-31').rows[0]?.flags.map((f) => f.kind)).toEqual(['doubled']);
    const feb = form1099Check([twitch], undefined, '2027-02-01').rows[0];
    expect(feb?.flags.map((f) => [f.kind, 'form' in f ? f.form : null])).toEqual([
      ['doubled', '1099-MISC'],
      ['missing', '1099-NEC'],
    ]);
    expect(feb?.status).toBe('flagged');
    // A 1099-K depends on the number of payments we do not know: never flagged missing.
    expect(form1099Check([payer('y', 'YouTube', 'platform')], MAP, '2027-03-01').rows[0]).toMatchObject({ status: 'waiting', flags: [] });
  });

  it('is closed mid-year and in December, and before the $2,000 threshold applies', () => {
    for (const day of ['2027-07-15', '2026-12-20', '2027-05-01'])
      expect(form1099Check([payer('y', 'YouTube', 'platform')], MAP, day)).toMatchObject({ open: false, rows: [] });
    expect(form1099Check([payer('y', 'YouTube', 'platform')], MAP, '2026-01-15').open).toBe(false);
  });

  it('keeps the newest three years and drops an empty one', () => {
    const years = [2023, 2024, 2025].map((year) => ({ year, received: [], paidCents: 1 }));
    expect(withPayerYear(years, { year: 2026, paidCents: 5, received: [] }).map((y) => y.year)).toEqual([2026, 2025, 2024]);
    expect(withPayerYear(years, { year: 2025, received: [] }).map((y) => y.year)).toEqual([2024, 2023]);
  });
});
