import { describe, expect, it } from 'vitest';
import { STATE_RECORDS } from '../states.ts';
import { STATE_LINKS_SOURCE, stateLinksOf } from './state-links.ts';

describe('state links', () => {
  it('every state the product sells has its business-entity search and filing office pages, on https', () => {
    const missing = STATE_RECORDS.filter((s) => {
      const links = stateLinksOf(s.code);
      return !links?.entitySearchUrl?.startsWith('https://') || !links.agencyUrl?.startsWith('https://');
    });
    expect(missing.map((s) => s.code)).toEqual([]);
  });

  it('reads the copied record as published, credited', () => {
    expect(stateLinksOf('wy')).toMatchObject({
      name: 'Wyoming',
      entitySearchUrl: 'https://wyobiz.wyo.gov/Business/FilingSearch.aspx',
      agencyUrl: 'https://sos.wyo.gov/Business/Default.aspx',
      annualReportUrl: 'https://wyobiz.wyo.gov/Business/AnnualReport.aspx',
    });
    expect(stateLinksOf('ZZ')).toBeUndefined();
    expect(STATE_LINKS_SOURCE).toMatch(/StartupSole LLC.*CC BY 4\.0/);
  });

  it('gives every one of the 51 jurisdictions a formation filing page with its source, or says the dataset names none', () => {
    expect(STATE_RECORDS).toHaveLength(51);
    const neither = STATE_RECORDS.filter((s) => {
      const links = stateLinksOf(s.code);
      if (links?.formationFilingUrl) return !links.formationFilingUrl.startsWith('https://') || links.formationFilingSource?.url !== links.formationFilingUrl;
      return !/^not known/.test(links?.formationFilingNote ?? '');
    });
    expect(neither.map((s) => s.code)).toEqual([]);
    expect(stateLinksOf('WA')?.formationFilingSource).toMatchObject({ name: 'Washington LLC online formation instructions' });
    expect(stateLinksOf('FL')).toMatchObject({ formationFilingUrl: null, formationFilingNote: expect.stringMatching(/^not known/) });
  });
});
