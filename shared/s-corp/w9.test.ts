import { describe, expect, it } from 'vitest';
import { maskedSsn, W9_RULES, w9Status, w9Values } from './w9.ts';

/** The W-9 content for the LLC's tax status (shared/data/w9-rules.json, Form W-9 Rev. March 2024). */
describe('w9Values', () => {
  const llc = 'Bright Pixel Studios LLC';

  it('a single-member LLC with no election: the owner on line 1, the LLC on line 2, the individual box, the SSN by its last four', () => {
    const v = w9Values({ llcName: llc, members: ['Jordan Rivera'], ownerSsnLast4: '123-45-6789', ein: '12-3456789' });
    expect(v.status).toBe('disregarded');
    expect(v.line1).toBe('Jordan Rivera');
    expect(v.line2).toBe(llc);
    expect(v.line3a).toMatchObject({ box: 'Individual/sole proprietor', code: null });
    // The LLC's EIN is not the disregarded entity's number: the number matches the owner on line 1.
    expect(v.tin).toMatchObject({ kind: 'SSN', shown: '***-**-6789' });
    expect(JSON.stringify(v)).not.toContain('123-45');
    expect(JSON.stringify(v)).not.toContain('12-3456789');
  });

  it('without the SSN on file says so instead of guessing', () => {
    const v = w9Values({ llcName: llc, members: ['Jordan Rivera'] });
    expect(v.tin.shown).toBe('Your SSN');
    expect(v.tin.missing).toContain('We do not hold your SSN');
  });

  it('after the S election: the LLC on line 1, the "LLC" box with S, the LLC’s EIN', () => {
    const v = w9Values({ llcName: llc, members: ['Jordan Rivera'], sCorporationSince: '2027-01-01', ein: '12-3456789', ownerSsnLast4: '6789' });
    expect(v.status).toBe('s-corporation');
    expect(v.line1).toBe(llc);
    expect(v.line2).toContain('Leave blank');
    expect(v.line3a).toMatchObject({ box: 'LLC', code: 'S' });
    expect(v.line3a.words).toBe('Check the "LLC" box and enter "S" in the space beside it');
    expect(v.tin).toMatchObject({ kind: 'EIN', shown: '12-3456789' });
  });

  it('a multi-member LLC is a partnership: the LLC’s name, the "LLC" box with P, its EIN (or says it is not held yet)', () => {
    const v = w9Values({ llcName: llc, members: ['Jordan Rivera', 'Sam Okafor'] });
    expect(v.status).toBe('partnership');
    expect(v.line1).toBe(llc);
    expect(v.line3a).toMatchObject({ box: 'LLC', code: 'P' });
    expect(v.tin).toMatchObject({ kind: 'EIN', shown: 'The LLC’s EIN' });
    expect(v.tin.missing).toContain('no EIN yet');
    expect(w9Status({ members: ['A', 'B'], sCorporationSince: '2027-01-01' })).toBe('s-corporation');
  });

  it('every rule has its source and the date checked; what the sources do not say is said', () => {
    expect(W9_RULES.source).toMatch(/^https:\/\/www\.irs\.gov\//);
    expect(W9_RULES.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const s of W9_RULES.sources) expect(s.url).toMatch(/^https:\/\/www\.irs\.gov\//);
    expect(w9Values({ llcName: llc, members: ['A'] }).notVerified.length).toBeGreaterThan(0);
    expect(maskedSsn('12')).toBe('***-**-**12');
  });
});
