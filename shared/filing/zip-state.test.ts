import { describe, expect, it } from 'vitest';
import zipPrefixes from '../data/zip-prefixes-by-state.json' with { type: 'json' };
import { STATE_RECORDS } from '../states.ts';
import { statesOfZip, zipStateProblem } from './zip-state.ts';

describe('ZIP codes by state', () => {
  it('knows each state by its ZIP prefixes, from a file that names its source', () => {
    expect(zipPrefixes.source).toMatch(/zipcodes/);
    expect(zipPrefixes.generated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(statesOfZip('10001')).toEqual(['NY']);
    expect(statesOfZip('90210')).toEqual(['CA']);
    expect(statesOfZip('82001')).toEqual(['WY']);
    expect(statesOfZip('33139')).toEqual(['FL']);
    expect(statesOfZip('20001')).toEqual(['DC']);
    // Every state the product knows has ZIP codes in the file.
    const covered = new Set(Object.values(zipPrefixes.prefixes).flat());
    for (const s of STATE_RECORDS) expect(covered.has(s.code), s.code).toBe(true);
  });

  it("says which state a ZIP code is in when it is not the address's", () => {
    expect(zipStateProblem('10001', 'CA')).toBe('ZIP code 10001 is in New York, not California: check the ZIP code or the state');
    expect(zipStateProblem('10001', 'ny')).toBeUndefined();
    // A prefix the file does not know, or a state that is not one, is not judged.
    expect(zipStateProblem('00000', 'CA')).toBeUndefined();
    expect(zipStateProblem('10001', 'XX')).toBeUndefined();
  });
});
