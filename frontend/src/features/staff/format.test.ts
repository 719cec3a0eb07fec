import { describe, expect, it } from 'vitest';
import { filedDateProblem } from '#shared/application-status.ts';
import { defaultFiledOn } from './format.ts';

describe('defaultFiledOn (Mark Filed starts at today)', () => {
  it('is today, which the server accepts', () => {
    const now = new Date('2026-12-02T15:00:00Z');
    const day = defaultFiledOn('2026-11-28T10:00:00.000Z', now);
    expect(day).toMatch(/^2026-12-0[12]$/);
    expect(filedDateProblem(day, '2026-11-28T10:00:00.000Z', '2026-12-02')).toBeUndefined();
  });

  it('is never before the payment nor after today in UTC, whatever the browser clock zone', () => {
    const now = new Date('2026-12-03T01:00:00Z');
    // Paid minutes earlier: the local day may still be the 2nd; the date starts at the payment's day.
    const day = defaultFiledOn('2026-12-03T00:50:00.000Z', now);
    expect(day).toBe('2026-12-03');
    expect(filedDateProblem(day, '2026-12-03T00:50:00.000Z', '2026-12-03')).toBeUndefined();
    expect(defaultFiledOn(undefined, now) <= '2026-12-03').toBe(true);
  });
});
