import { describe, expect, it } from 'vitest';
import { checkDbaName, dbaExpiry, dbaFeeSentence, dbaGovernmentFee, dbaOffer, dbaPublicationSentence, dbaRuleFor, dbaTermWithArticle } from './dba.ts';

describe('DBA rules from the dataset', () => {
  it('has a rule for all 51 jurisdictions', () => {
    const codes = [
      'AL',
      'AK',
      'AZ',
      'AR',
      'CA',
      'CO',
      'CT',
      'DE',
      'DC',
      'FL',
      'GA',
      'HI',
      'ID',
      'IL',
      'IN',
      'IA',
      'KS',
      'KY',
      'LA',
      'ME',
      'MD',
      'MA',
      'MI',
      'MN',
      'MS',
      'MO',
      'MT',
      'NE',
      'NV',
      'NH',
      'NJ',
      'NM',
      'NY',
      'NC',
      'ND',
      'OH',
      'OK',
      'OR',
      'PA',
      'RI',
      'SC',
      'SD',
      'TN',
      'TX',
      'UT',
      'VT',
      'VA',
      'WA',
      'WV',
      'WI',
      'WY',
    ];
    for (const code of codes) expect(dbaRuleFor(code), code).toBeDefined();
  });

  it('Wyoming: one state filing at the dataset fee, ten years', () => {
    const offer = dbaOffer('WY')!;
    expect(offer).toMatchObject({ kind: 'state', stateFee: 100 });
    expect(dbaGovernmentFee(offer)).toBe(100);
    expect(dbaFeeSentence(offer)).toBe("Wyoming's filing fee: $100.");
    expect(dbaExpiry(offer.rule, '2026-12-01')).toBe('2036-12-01');
    expect(dbaPublicationSentence(offer.rule)).toBeUndefined();
  });

  it('California: the county clerk, a fee each county sets, publication required', () => {
    const offer = dbaOffer('CA')!;
    expect(offer).toMatchObject({ kind: 'county', countyFee: null });
    expect(dbaGovernmentFee(offer)).toBe(0);
    expect(dbaFeeSentence(offer)).toMatch(/each county sets its own fee, which we quote once we know the county/);
    expect(dbaPublicationSentence(offer.rule)).toMatch(/^California also requires newspaper publication/);
    expect(dbaExpiry(offer.rule, '2026-12-01')).toBe('2031-12-01');
  });

  it('a split state with a fixed LLC fee files with the state; a state with no register has nothing to file', () => {
    expect(dbaOffer('TX')).toMatchObject({ kind: 'state', stateFee: 25 });
    const kansas = dbaOffer('KS')!;
    expect(kansas.kind).toBe('none');
    expect(dbaFeeSentence(kansas)).toBe('Kansas keeps no register of business names: there is nothing to file, and no fee.');
  });

  it('expiry from the dataset words, none where it never expires or the words give no date', () => {
    expect(dbaExpiry(dbaRuleFor('FL')!, '2026-03-10')).toBe('2030-12-31');
    expect(dbaExpiry(dbaRuleFor('MI')!, '2026-03-10')).toBe('2031-12-31');
    expect(dbaExpiry(dbaRuleFor('MN')!, '2026-03-10')).toBe('2027-03-10');
    expect(dbaExpiry(dbaRuleFor('DE')!, '2026-03-10')).toBeUndefined();
    expect(dbaExpiry(dbaRuleFor('TX')!, '2026-03-10')).toBeUndefined();
  });

  it('checks a handle: drops the @, needs a letter, refuses restricted words', () => {
    expect(checkDbaName('@BrightStudio', 'WY')).toEqual({ ok: true, name: 'BrightStudio' });
    expect(checkDbaName('@1234', 'WY')).toMatchObject({ ok: false, reason: 'Enter your creator name with at least one letter.' });
    expect(checkDbaName('Creator Bank', 'WY')).toMatchObject({ ok: false });
  });
});

describe('the DBA word with its article', () => {
  it('is "an assumed name" in Texas and "a fictitious name" where it begins with a consonant', () => {
    expect(dbaTermWithArticle(dbaRuleFor('TX')!)).toBe(`an ${dbaRuleFor('TX')!.term}`);
    expect(dbaRuleFor('TX')!.term).toMatch(/^assumed/i);
    expect(dbaTermWithArticle({ term: 'fictitious name' })).toBe('a fictitious name');
  });
});
