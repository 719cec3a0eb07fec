import { describe, expect, it } from 'vitest';
import { forms1099Events, withPayerTaxForms } from './calendar.ts';
import type { StoredPayer } from './payers.ts';

const payer = (name: string, kind: 'brand' | 'platform'): StoredPayer =>
  ({
    id: name.toLowerCase(),
    name,
    kind,
    form: kind === 'brand' ? 'w9' : 'platform_tax_page',
    how: 'email',
    createdAt: '2026-03-01T00:00:00Z',
    updatedAt: '2026-03-01T00:00:00Z',
  }) as StoredPayer;

describe('the January 1099 check on the calendar (a fixed clock)', () => {
  const payers = [payer('Glow Cosmetics', 'brand'), payer('Twitch', 'platform')];

  it('in December 2026: January 31 of 2027, 2028 and 2029, each for the year before, with its source', () => {
    const events = forms1099Events(payers, '2026-12-01');
    expect(events.map((e) => [e.date, e.title])).toEqual([
      ['2027-01-31', 'Forms 1099 for 2026: check they arrived'],
      ['2028-01-31', 'Forms 1099 for 2027: check they arrived'],
      ['2029-01-31', 'Forms 1099 for 2028: check they arrived'],
    ]);
    expect(events[0].description).toContain('Payers furnish Form 1099-NEC for nonemployee compensation by January 31');
    expect(events[0].description).toContain('from Glow Cosmetics and Twitch');
    expect(events[0].source.url).toBe('https://www.irs.gov/pub/irs-pdf/p15.pdf');
  });

  it('mid-year and in January: only the Januaries still ahead; before 2026 was paid, none for 2025', () => {
    expect(forms1099Events(payers, '2027-07-01').map((e) => e.date)).toEqual(['2028-01-31', '2029-01-31', '2030-01-31']);
    expect(forms1099Events(payers, '2027-01-31').map((e) => e.date)[0]).toBe('2027-01-31');
    expect(forms1099Events(payers, '2026-01-10').map((e) => e.id)).not.toContain('forms-1099:2025');
  });

  it('without payers, nothing; merged into the calendar by date', () => {
    expect(forms1099Events([], '2026-12-01')).toEqual([]);
    const merged = withPayerTaxForms(
      [
        {
          id: 'x',
          kind: 'annual-report',
          title: 'Report',
          date: '2027-05-01',
          description: '',
          source: { name: 's', url: 'https://x', verifiedAt: '2026-01-01' },
        },
      ],
      payers,
      '2026-12-01',
    );
    expect(merged?.map((e) => e.date).slice(0, 2)).toEqual(['2027-01-31', '2027-05-01']);
  });
});
