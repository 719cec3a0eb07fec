import { describe, expect, it } from 'vitest';
import { payerBodySchema } from './payers.schema.ts';
import { isYouTube, payerExpiry, w9Update, YOUTUBE_TAX_FORMS } from './payers.ts';

describe('payerExpiry: YouTube (AdSense) tax info expires at the end of the third full calendar year after signing', () => {
  it('signed in January 2024: 31 December 2027', () => {
    expect(payerExpiry({ name: 'YouTube', givenOn: '2024-01-15' })?.expiresOn).toBe('2027-12-31');
    expect(payerExpiry({ name: 'Google AdSense', givenOn: '2024-12-31' })?.expiresOn).toBe('2027-12-31');
  });

  it('no rule for other platforms, nor without a signing day', () => {
    expect(payerExpiry({ name: 'Twitch', givenOn: '2024-01-15' })).toBeUndefined();
    expect(payerExpiry({ name: 'YouTube' })).toBeUndefined();
    expect(isYouTube('youtube shorts')).toBe(true);
  });

  it('cites Google’s help page with the date checked', () => {
    expect(YOUTUBE_TAX_FORMS.source.url).toMatch(/^https:\/\/support\.google\.com\//);
    expect(YOUTUBE_TAX_FORMS.source.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('w9Update: "update your W-9" once the election is in effect', () => {
  const election = { effectiveOn: '2027-01-01', recordedOn: '2027-03-10' };

  it('nothing to update before the election', () => {
    expect(w9Update({ givenOn: '2026-09-01' }, undefined)).toBe('not-needed');
  });

  it('needed for a form given before the letter was recorded, even after the effective date', () => {
    expect(w9Update({ givenOn: '2026-09-01' }, election)).toBe('needed');
    expect(w9Update({ givenOn: '2027-02-01' }, election)).toBe('needed');
    expect(w9Update({}, election)).toBe('needed');
  });

  it('done once ticked for this effective date, or given after both', () => {
    expect(w9Update({ w9UpdatedFor: '2027-01-01' }, election)).toBe('done');
    expect(w9Update({ givenOn: '2027-03-10' }, election)).toBe('done');
    // Ticked for another effective date (staff corrected it): asked again.
    expect(w9Update({ w9UpdatedFor: '2026-06-01', givenOn: '2026-07-01' }, election)).toBe('needed');
  });
});

describe('payerBodySchema (the form and the routes)', () => {
  it('names the field of each problem', () => {
    const r = payerBodySchema.safeParse({ name: ' ', kind: 'agency', form: 'w9', how: 'email', givenOn: '2026-02-30' });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'kind', 'givenOn']));
  });
});
