import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredPayer } from '#shared/payers/payers.ts';
import { calendarIcs } from './ics.ts';
import { orderCalendar } from './order-calendar.ts';

/** Each payer's tax-form expiry on the compliance calendar and in the .ics (docs/decisions/0426-w9-switch.md). */
describe('a YouTube payer on the calendar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-02T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  const payer = (over: Partial<StoredPayer>): StoredPayer => ({
    id: '6f1c1a52-8a3e-4a43-9d6e-0f2a1b1c9e01',
    name: 'YouTube',
    kind: 'platform',
    form: 'platform_tax_page',
    how: 'tax_page',
    givenOn: '2024-01-15',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...over,
  });
  const order = (payers: StoredPayer[]) => ({
    id: 'app-payer-calendar',
    state: 'WY',
    paymentStatus: 'paid' as const,
    paidAt: '2026-09-01T15:00:00.000Z',
    payers,
  });

  it('signed in January 2024: the tax info expires at the end of 2027, with Google’s rule and source', () => {
    const calendar = orderCalendar(order([payer({})]), Date.now());
    const event = calendar.events.find((e) => e.kind === 'payer-tax-form');
    expect(event).toMatchObject({ date: '2027-12-31', title: 'YouTube: your US tax info expires; submit it again' });
    expect(event?.description).toContain('end of the third full calendar year');
    expect(event?.source.url).toBe('https://support.google.com/youtube/answer/10390801');
    // In the calendar's order: by date.
    const dates = calendar.events.map((e) => e.date ?? '0000');
    expect(dates).toEqual([...dates].sort());
    expect(calendarIcs('app-payer-calendar', 'Ava Creates LLC', calendar)).toContain('YouTube: your US tax info expires');
  });

  it('no event for a platform without a known rule, nor once the expiry is past', () => {
    expect(orderCalendar(order([payer({ name: 'Twitch' })]), Date.now()).events.some((e) => e.kind === 'payer-tax-form')).toBe(false);
    expect(orderCalendar(order([payer({ givenOn: '2022-03-01' })]), Date.now()).events.some((e) => e.kind === 'payer-tax-form')).toBe(false);
  });
});
