import { describe, expect, it } from 'vitest';
import { text } from './validation.schema.ts';

describe('text()', () => {
  const name = text('Name', 10, { min: 1 });
  it('trims and accepts ordinary unicode', () => {
    expect(name.parse('  José ')).toBe('José');
  });
  it('rejects control characters, too-long and empty input', () => {
    expect(name.safeParse('a\u0000b').success).toBe(false);
    expect(name.safeParse('a\u001b[2J').success).toBe(false);
    expect(name.safeParse('a\nb').success).toBe(false);
    expect(name.safeParse('a\u007fb').success).toBe(false);
    expect(name.safeParse('a\u0085b').success).toBe(false);
    expect(name.safeParse('a\u2028b').success).toBe(false);
    expect(name.safeParse('x'.repeat(10)).success).toBe(true);
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('   ').error?.issues[0].message).toBe('Name is required');
    expect(name.safeParse(5).success).toBe(false);
  });
  it('allows line breaks in multi-line text only', () => {
    expect(text('Message', 100, { multiline: true }).parse('a\nb\tc')).toBe('a\nb\tc');
    expect(text('Message', 100, { multiline: true }).safeParse('a\u0000').success).toBe(false);
  });
});
