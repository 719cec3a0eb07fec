import { describe, expect, it } from 'vitest';
import { HOME_STATE_WARNINGS, homeStateWarning } from './home-state-warnings.ts';

describe('home-state warnings', () => {
  it.each([
    ['CA', '$800 a year franchise tax'],
    ['MA', 'highest annual report fees (about $500/year)'],
    ['TX', 'franchise tax based on revenue'],
    ['WA', 'gross-receipts B&O tax'],
    ['NV', '$150 plus a $350 annual list fee'],
    ['NY', 'income-based, plus publishing fees'],
    ['MD', '$300 annual fee'],
  ])('%s warns: %s', (code, text) => {
    expect(homeStateWarning(code)).toContain(text);
    expect(homeStateWarning(code.toLowerCase())).toContain(text);
  });

  it('only those seven states warn', () => {
    expect(Object.keys(HOME_STATE_WARNINGS).sort()).toEqual(['CA', 'MA', 'MD', 'NV', 'NY', 'TX', 'WA']);
    expect(homeStateWarning('FL')).toBeUndefined();
    expect(homeStateWarning('')).toBeUndefined();
  });
});
