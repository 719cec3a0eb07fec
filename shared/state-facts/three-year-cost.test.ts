import { describe, expect, it } from 'vitest';
import { REGISTERED_AGENT_OPTIONAL } from '../compliance/rules.ts';
import stateData from '../data/states.json' with { type: 'json' };
import { findStatePricing, SERVICE_FEE, STATE_RECORDS } from '../states.ts';
import { feesFor, foreignRegistrationFor, JURISDICTION_CODES, taxRuleFor } from './facts.ts';
import { withOrderLines } from './order-cost.ts';
import { OUR_PRICE_LIST, REGISTERED_AGENT_RENEWAL_USD } from './our-prices.ts';
import { foreignReportFee, type ThreeYearCost, threeYearCost } from './three-year-cost.ts';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

function expectWellFormed(c: ThreeYearCost | undefined, filing: string, residence: string): asserts c is ThreeYearCost {
  expect(c, `${filing}/${residence}`).toBeDefined();
  if (!c) return;
  expect(c.state).toBe(filing);
  expect(c.residence).toBe(residence);
  expect(c.years).toBe(3);
  expect(c.lines.length).toBeGreaterThan(0);
  let sum = 0;
  for (const line of c.lines) {
    const where = `${filing}/${residence}: ${line.label}`;
    expect(Number.isInteger(line.amount), where).toBe(true);
    expect(line.amount, where).toBeGreaterThanOrEqual(0);
    expect([1, 2, 3], where).toContain(line.year);
    expect(line.label, where).not.toMatch(/undefined|NaN|null/);
    expect(line.source.name.length, where).toBeGreaterThan(0);
    expect(line.source.verifiedAt, where).toMatch(ISO);
    if (line.source === OUR_PRICE_LIST) expect(line.source.url).toBe('/pricing');
    else expect(line.source.url, where).toMatch(/^https?:\/\//);
    sum += line.amount;
  }
  expect(Number.isNaN(c.total)).toBe(false);
  expect(c.total).toBe(sum);
  for (const note of c.notes) expect(note).not.toMatch(/undefined|NaN/);
  // A state that collects its tax with the yearly filing is never charged both in the same year.
  for (const code of new Set([filing, residence])) {
    if (!taxRuleFor(code)?.collectedWithAnnualReport) continue;
    for (const year of [1, 2, 3]) {
      const keys = c.lines.filter((l) => l.state === code && l.year === year && (l.key === 'annual-report' || l.key === 'state-tax'));
      expect(keys.length, `${code} year ${year}`).toBeLessThanOrEqual(1);
    }
  }
}

const amounts = (c: ThreeYearCost, key: string, state: string) => c.lines.filter((l) => l.key === key && l.state === state).map((l) => [l.year, l.amount]);

describe('the copied data', () => {
  it('has the 50 states and DC, with the same formation and report fees as the product’s state data', () => {
    expect(JURISDICTION_CODES).toHaveLength(51);
    expect([...JURISDICTION_CODES].sort()).toEqual(STATE_RECORDS.map((s) => s.code).sort());
    for (const s of stateData.states) {
      expect(feesFor(s.code)?.formationFeeUsd, s.code).toBe(s.filingFee);
      expect(feesFor(s.code)?.annualReportFeeUsd, s.code).toBe(s.annualReportFee);
    }
  });

  it('has a dated, sourced tax rule for every jurisdiction', () => {
    for (const code of JURISDICTION_CODES) {
      const t = taxRuleFor(code)!;
      expect(t.source.url).toMatch(/^https?:\/\//);
      expect(t.verifiedAt).toMatch(ISO);
    }
  });
});

describe('threeYearCost, every filing state alone', () => {
  it.each(JURISDICTION_CODES.map((c) => [c]))('%s', (code) => {
    const c = threeYearCost(code);
    expectWellFormed(c, code, code);
    const pricing = findStatePricing(code)!;
    expect(amounts(c, 'formation-fee', code)).toEqual([[1, pricing.filingFee]]);
    expect(amounts(c, 'service-fee', code)).toEqual([[1, SERVICE_FEE]]);
    // Where an agent is optional (New York), its renewal is the customer's choice, not counted.
    const renewals = REGISTERED_AGENT_OPTIONAL[code] ? 0 : 2;
    expect(amounts(c, 'registered-agent', code)).toEqual([
      [1, 0],
      ...(renewals
        ? [
            [2, REGISTERED_AGENT_RENEWAL_USD],
            [3, REGISTERED_AGENT_RENEWAL_USD],
          ]
        : []),
    ]);
    expect(c.lines.some((l) => l.key === 'foreign-registration')).toBe(false);
    expect(c.total).toBeGreaterThanOrEqual(pricing.totalCost + renewals * REGISTERED_AGENT_RENEWAL_USD);
  });
});

const PAIRS: [string, string][] = [
  ['WY', 'CA'],
  ['DE', 'CA'],
  ['FL', 'NY'],
  ['NV', 'TX'],
  ...JURISDICTION_CODES.filter((c) => c !== 'CA').map((c): [string, string] => [c, 'CA']),
  ['CA', 'FL'],
  ['WY', 'AK'],
  ['TX', 'DC'],
];

describe('threeYearCost, filed in one state by a resident of another', () => {
  it.each(PAIRS)('%s filed from %s', (filing, residence) => {
    const c = threeYearCost(filing, residence);
    expectWellFormed(c, filing, residence);
    const alone = threeYearCost(filing)!;
    // Everything the filing state charges is still there, plus the home state's share.
    expect(c.total).toBeGreaterThan(alone.total);
    if (REGISTERED_AGENT_OPTIONAL[residence]) {
      expect(amounts(c, 'registered-agent', residence)).toEqual([]);
    } else {
      expect(amounts(c, 'registered-agent', residence)).toEqual([
        [1, REGISTERED_AGENT_RENEWAL_USD],
        [2, REGISTERED_AGENT_RENEWAL_USD],
        [3, REGISTERED_AGENT_RENEWAL_USD],
      ]);
      expect(c.lines.find((l) => l.state === residence && l.key === 'registered-agent')?.label).toMatch(/first year covers only the .+ agent/);
    }
    const reg = foreignRegistrationFor(residence);
    if (reg?.registrationFeeUsd != null) {
      expect(amounts(c, 'foreign-registration', residence)).toEqual([[1, reg.registrationFeeUsd]]);
    } else {
      expect(c.lines.some((l) => l.key === 'foreign-registration')).toBe(false);
      expect(c.notes).toContain(`We have not yet researched ${feesFor(residence)!.name}'s foreign registration fee: check with the state`);
    }
  });
});

describe('facts from the data', () => {
  it('WY filed by a California resident adds California’s registration fee and $800 tax in each of the 3 years', () => {
    const c = threeYearCost('WY', 'CA')!;
    expect(amounts(c, 'foreign-registration', 'CA')).toEqual([[1, 70]]);
    expect(c.lines.find((l) => l.key === 'foreign-registration')!.source.url).toMatch(/sos\.ca\.gov/);
    expect(amounts(c, 'state-tax', 'CA')).toEqual([
      [1, 800],
      [2, 800],
      [3, 800],
    ]);
    expect(c.lines.find((l) => l.key === 'state-tax' && l.state === 'CA')!.source.url).toMatch(/ftb\.ca\.gov/);
    expect(c.total).toBeGreaterThan(threeYearCost('CA')!.total);
  });

  it('New York: the registered agent is optional, so no renewal is counted; the publication is in the cost, its price said to be unknown', () => {
    const c = threeYearCost('NY')!;
    expect(amounts(c, 'registered-agent', 'NY')).toEqual([[1, 0]]);
    const agent = c.notes.find((n) => n.startsWith('A registered agent is optional in New York'))!;
    expect(agent).toContain('New York Limited Liability Company Law §301');
    expect(agent).toContain('its renewal ($125 a year) is not counted');
    const publication = c.notes.find((n) => n.startsWith('New York publication'))!;
    expect(publication).toContain('required within 120 days of formation');
    expect(publication).toContain('authority to carry on business in New York is suspended');
    expect(publication).toContain('New York Limited Liability Company Law §206');
    expect(publication).toContain('What the newspapers charge is not in our data');
    expect(publication).toContain('It is not counted in the total.');
    // $200 filing, our $150, the agent's included first year, the $9 biennial statement once: the $250 of renewals are gone.
    expect(c.total).toBe(359);
    // Living in New York and forming elsewhere: no New York agent counted either.
    expect(amounts(threeYearCost('WY', 'NY')!, 'registered-agent', 'NY')).toEqual([]);
  });

  it('California alone: $800 a year and the Statement of Information in years 1 and 3', () => {
    const c = threeYearCost('CA')!;
    expect(amounts(c, 'state-tax', 'CA')).toEqual([
      [1, 800],
      [2, 800],
      [3, 800],
    ]);
    expect(amounts(c, 'annual-report', 'CA')).toEqual([
      [1, 20],
      [3, 20],
    ]);
  });

  it('Delaware lists its yearly tax once a year and no separate report fee', () => {
    const c = threeYearCost('DE')!;
    const tax = c.lines.filter((l) => l.key === 'state-tax' && l.state === 'DE');
    expect(tax.map((l) => [l.year, l.amount])).toEqual([
      [1, 400],
      [2, 400],
      [3, 400],
    ]);
    expect(tax[0].label).toMatch(/Delaware Annual Tax/);
    expect(tax[0].source.url).toMatch(/delaware\.gov/);
    expect(amounts(c, 'annual-report', 'DE')).toEqual([]);
  });

  it('Texas: no report fee and a $0 franchise tax below the threshold, said in a note', () => {
    const c = threeYearCost('TX')!;
    expect(c.lines.filter((l) => l.state === 'TX' && (l.key === 'state-tax' || l.key === 'annual-report'))).toEqual([]);
    expect(c.notes.join(' ')).toMatch(/Texas Franchise Tax: \$0 at the minimum/);
  });

  it('Nevada’s $350 annual list already includes its $200 business license', () => {
    const c = threeYearCost('NV')!;
    expect(amounts(c, 'annual-report', 'NV')).toEqual([
      [2, 350],
      [3, 350],
    ]);
    expect(amounts(c, 'state-tax', 'NV')).toEqual([]);
  });

  it('Florida rounds its $138.75 report fee to whole dollars and says so', () => {
    const c = threeYearCost('FL')!;
    expect(amounts(c, 'annual-report', 'FL')).toEqual([
      [2, 139],
      [3, 139],
    ]);
    expect(c.notes.join(' ')).toMatch(/\$138\.75/);
  });

  it('never guesses an unresearched foreign registration fee (New York)', () => {
    const c = threeYearCost('FL', 'NY')!;
    expect(c.lines.some((l) => l.key === 'foreign-registration')).toBe(false);
    expect(c.notes).toContain("We have not yet researched New York's foreign registration fee: check with the state");
    // New York's own yearly obligations still count: its biennial statement.
    expect(amounts(c, 'annual-report', 'NY')).toEqual([[3, 9]]);
  });

  it('knows which states have no foreign registration record yet', () => {
    const missing = JURISDICTION_CODES.filter((c) => !foreignRegistrationFor(c)).sort();
    expect(missing).toEqual(['CT', 'DC', 'GA', 'IN', 'MA', 'MO', 'MS', 'NE', 'NH', 'NM', 'NV', 'NY', 'OH', 'OR']);
  });

  it('uses a foreign LLC’s report fee where the home state’s record states one (Alaska $200, Maine $150)', () => {
    expect(foreignReportFee('AK')).toBe(200);
    expect(foreignReportFee('ME')).toBe(150);
    expect(foreignReportFee('FL')).toBeUndefined();
    const c = threeYearCost('WY', 'AK')!;
    expect(amounts(c, 'annual-report', 'AK')).toEqual([[2, 200]]);
    expect(c.lines.find((l) => l.key === 'annual-report' && l.state === 'AK')!.source.url).toBe(foreignRegistrationFor('AK')!.source.url);
    expect(amounts(c, 'state-tax', 'AK')).toEqual([
      [1, 50],
      [2, 50],
      [3, 50],
    ]);
  });

  it('Nevada filed by a Texas resident adds Texas’s $750 registration', () => {
    const c = threeYearCost('NV', 'TX')!;
    expect(amounts(c, 'foreign-registration', 'TX')).toEqual([[1, 750]]);
  });
});

describe('totals', () => {
  it('pins the totals of the popular cases (whole dollars)', () => {
    expect({
      WY: threeYearCost('WY')!.total,
      'WY/CA': threeYearCost('WY', 'CA')!.total,
      CA: threeYearCost('CA')!.total,
      DE: threeYearCost('DE')!.total,
      FL: threeYearCost('FL')!.total,
    }).toEqual({ WY: 620, 'WY/CA': 3505, CA: 2910, DE: 1710, FL: 803 });
  });

  it('places an odd-year biennial report by the formation date, with the same total', () => {
    const inOddYear = threeYearCost('IA', undefined, { formationDate: '2026-05-01' })!;
    const inEvenYear = threeYearCost('IA', undefined, { formationDate: '2027-05-01' })!;
    expect(amounts(inOddYear, 'annual-report', 'IA')).toEqual([[2, 30]]);
    expect(amounts(inEvenYear, 'annual-report', 'IA')).toEqual([[3, 30]]);
    expect(inOddYear.total).toBe(inEvenYear.total);
    expect(threeYearCost('IA')!.notes.join(' ')).toMatch(/year 2 or year 3/);
  });
});

describe('inputs', () => {
  it('returns undefined for unknown codes (callers answer 404)', () => {
    expect(threeYearCost('ZZ')).toBeUndefined();
    expect(threeYearCost('')).toBeUndefined();
    expect(threeYearCost('FL', 'ZZ')).toBeUndefined();
    expect(threeYearCost('Florida')).toBeUndefined();
  });

  it('accepts any case, and treats an empty or same residence as none', () => {
    expect(threeYearCost('wy', 'ca')).toEqual(threeYearCost('WY', 'CA'));
    expect(threeYearCost('FL', '')).toEqual(threeYearCost('FL'));
    expect(threeYearCost('FL', 'fl')).toEqual(threeYearCost('FL'));
  });

  it('rejects a formation date that is not YYYY-MM-DD', () => {
    expect(() => threeYearCost('FL', undefined, { formationDate: '2026-02-30' })).toThrow(RangeError);
  });

  it('charges our published registered agent renewal price', () => {
    expect(REGISTERED_AGENT_RENEWAL_USD).toBe(125);
    expect(OUR_PRICE_LIST).toMatchObject({ name: 'Our price list', url: '/pricing' });
  });
});

describe('the three-year cost of a New York order: all in is all in', () => {
  it('counts every add-on the order bought, and names New York publication as not counted, with its source', () => {
    const state = threeYearCost('NY')!;
    // $200 filing + our $150 + the $9 biennial statement: the state's three years alone.
    expect(state.total).toBe(359);
    const order = withOrderLines(state, [
      { key: 'filingFee', label: 'State filing fee', amount: 200 },
      { key: 'serviceFee', label: 'Service fee', amount: 150 },
      { key: 'feinFiling', label: 'FEIN (EIN) filing', amount: 75 },
      { key: 'operatingAgreement', label: 'Operating agreement template', amount: 50 },
      { key: 'expeditedFiling', label: 'Expedited filing', amount: 75 },
      { key: 'stateExpediteFee', label: 'State expedite fee (24-hour)', amount: 25 },
    ]);
    // Everything bought is in the figure, once: the filing and service fees are not counted twice.
    expect(order.total).toBe(359 + 75 + 50 + 75 + 25);
    expect(order.total).toBe(order.lines.reduce((sum, l) => sum + l.amount, 0));
    expect(order.lines.filter((l) => l.key === 'add-on').map((l) => [l.year, l.label, l.amount])).toEqual([
      [1, 'FEIN (EIN) filing (in this order)', 75],
      [1, 'Operating agreement template (in this order)', 50],
      [1, 'Expedited filing (in this order)', 75],
      [1, 'State expedite fee (24-hour) (in this order)', 25],
    ]);
    expect(order.lines.find((l) => l.label === 'New York biennial report fee')).toMatchObject({ amount: 9, year: 3 });
    expect(order.notCounted).toContain('New York publication, which varies by county (New York Limited Liability Company Law §206 (publication))');
    expect(order.notCounted).toContain("New York's Partnership, LLC, and LLP annual filing fee above its $0 minimum (revenue-based)");
    expect(order.notCounted).toContain("our registered agent's renewal, optional in New York");
  });

  it('an order with nothing added is the state cost; a state with nothing left out says nothing is missing', () => {
    const state = threeYearCost('WY')!;
    expect(withOrderLines(state, [{ key: 'filingFee', label: 'State filing fee', amount: 100 }])).toBe(state);
    expect(state.notCounted).toEqual([]);
    expect(threeYearCost('NY')!.notCounted[0]).toMatch(/^New York publication, which varies by county/);
    // Where we have no office and the agent is optional, it is said to be optional, not "your own".
    expect(threeYearCost('NY', undefined, { ourAgentStates: [] })!.notCounted).toContain('a registered agent, optional in New York');
    expect(threeYearCost('TX', undefined, { ourAgentStates: [] })!.notCounted).toContain('your own registered agent in Texas');
  });
});
