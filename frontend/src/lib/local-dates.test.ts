import { describe, expect, it } from 'vitest';
import { clockTime, longDateTime, shortDate, shortDateTime } from './local-dates.ts';

// Moments across the year and the clock: midnight, noon, single-digit days, both sides of a DST change.
const MOMENTS = [
  '2026-01-01T00:00:00.000Z',
  '2026-01-09T05:07:00.000Z',
  '2026-03-08T10:30:00.000Z',
  '2026-05-31T12:00:00.000Z',
  '2026-07-04T16:45:59.000Z',
  '2026-09-15T23:59:00.000Z',
  '2026-11-01T06:15:00.000Z',
  '2026-12-31T23:30:00.000Z',
];

describe('local dates, written as en-US Intl writes them', () => {
  for (const iso of MOMENTS) {
    const d = new Date(iso);
    it(iso, () => {
      expect(shortDate(iso)).toBe(d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
      expect(shortDate(iso)).toBe(d.toLocaleDateString('en-US', { dateStyle: 'medium' }));
      expect(clockTime(iso)).toBe(d.toLocaleTimeString('en-US', { timeStyle: 'short' }));
      expect(shortDateTime(iso)).toBe(d.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));
      expect(shortDateTime(iso)).toBe(d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
      expect(longDateTime(iso)).toBe(d.toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }));
    });
  }

  it('leaves what is not a moment as it is', () => {
    expect(shortDate('soon')).toBe('soon');
    expect(longDateTime('soon')).toBe('soon');
    expect(shortDateTime('soon')).toBe('soon');
    expect(clockTime('soon')).toBe('');
  });
});
