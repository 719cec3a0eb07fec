import { describe, expect, it } from 'vitest';
import { EIN_PREFIXES, einProblem, formatEin } from './ein.ts';

describe('EIN validation', () => {
  it('accepts nine digits with a prefix the IRS issues, with or without the dash', () => {
    expect(einProblem('12-3456789')).toBeUndefined();
    expect(einProblem('883456789')).toBeUndefined();
    expect(formatEin('88 3456789')).toBe('88-3456789');
  });

  it('refuses prefixes the IRS does not issue', () => {
    for (const prefix of ['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'])
      expect(einProblem(`${prefix}-1234567`)).toMatch(/No EIN starts with/);
    expect(EIN_PREFIXES).toHaveLength(83);
  });

  it('refuses anything but nine digits', () => {
    expect(einProblem('12-345678')).toMatch(/9 digits/);
    expect(einProblem('12-34567890')).toMatch(/9 digits/);
    expect(einProblem('AB-3456789')).toMatch(/9 digits/);
  });
});
