import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents, formatUsd, groupThousands } from './money.ts';

describe('money formatting', () => {
  it('groups thousands like en-US', () => {
    for (const n of [0, 7, 999, 1000, 12345, 120000, 1234567, 100000000, -7, -1000, -1234567]) expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
    expect(groupThousands(-0.4)).toBe('0');
  });
  it('shows whole dollars', () => {
    expect(formatUsd(275)).toBe('$275');
    expect(formatUsd(6249.6)).toBe('$6,250');
    expect(formatUsd(-25000)).toBe('-$25,000');
    expect(formatUsd(0)).toBe('$0');
  });
  it('shows cents as whole dollars', () => {
    expect(formatCents(35000)).toBe('$350');
    expect(formatCents(27549)).toBe('$275');
    expect(formatCents(120000000)).toBe('$1,200,000');
  });
  it('converts dollars to cents without float drift', () => {
    expect(dollarsToCents(350)).toBe(35000);
    expect(dollarsToCents(0.29)).toBe(29);
  });
});
