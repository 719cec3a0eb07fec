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
});
