import { describe, expect, it } from 'vitest';
import type { StoredFilingDetails } from '../filing/details.schema.ts';
import { type PortalSheetOrder, portalSheet } from './portal-sheet.ts';

const addr = (line1: string, city: string, state: string, zip: string) => ({ line1, city, state, zip });

function details(state: string, overrides: Partial<StoredFilingDetails> = {}): StoredFilingDetails {
  return {
    principalOffice: addr('100 Main Street', 'Springfield', state, '00000'),
    mailingAddress: addr('200 Side Road', 'Shelbyville', state, '00001'),
    county: 'Orange',
    registeredAgent: { kind: 'own', name: 'Rita Agent', address: addr('300 Agent Way', 'Capital', state, '00002'), consent: true },
    organizer: { name: 'Olive Organizer', title: 'Organizer', address: addr('400 Org Lane', 'Town', state, '00003') },
    signature: { typedName: 'Olive Organizer', consent: true, signedAt: '2026-08-01T10:00:00Z' },
    management: 'member',
    members: [
      { name: 'Mia Member', ownershipPercent: 60, address: addr('1 First St', 'Town', state, '00004') },
      { name: 'Max Member', ownershipPercent: 40, address: addr('2 Second St', 'Town', state, '00005') },
    ],
    purpose: 'Any lawful purpose',
    duration: 'perpetual',
    effectiveDate: 'upon_filing',
    ein: {
      responsibleParty: { name: 'Mia Member', taxIdType: 'ssn', taxIdLast4: '6789' },
      businessActivity: 'Online video production',
      startDate: '2026-08-15',
      fiscalYearEndMonth: 12,
      employeesExpected: 0,
      appliedBefore: false,
    },
    ...overrides,
  } as StoredFilingDetails;
}

const order = (state: string, overrides: Partial<PortalSheetOrder> = {}): PortalSheetOrder => ({
  state,
  businessName: 'Bright Studio LLC',
  phone: '+1 555 0100',
  dbaName: 'Bright Studio',
  dbaCounty: 'Orange',
  filingDetails: details(state),
  ...overrides,
});

const values = (rows: { value: string }[]) => rows.map((r) => r.value);

describe('portal sheet: formation', () => {
  it.each([
    [
      'FL',
      [
        'Article I - Name',
        'Article II - Principal office and mailing address',
        'Article III - Registered agent and registered office',
        'Article IV - Persons authorized to manage',
        'Article V - Effective date',
        'Signature',
      ],
    ],
    ['WY', ['1. Name', '2. Registered agent', '3. Mailing address', '4. Principal office address', '5. Organizer', 'Signature']],
    ['DE', ['First', 'Second', 'Signature (authorized person)']],
    [
      'TX',
      [
        'Article 1 - Entity name and type',
        'Article 2 - Registered agent and registered office',
        'Article 3 - Governing authority',
        'Article 4 - Purpose',
        'Organizer',
        'Effectiveness of filing',
        'Execution',
      ],
    ],
  ])('%s lists the required items in filing order, every value present', (state, sections) => {
    const sheet = portalSheet(order(state), 'formation');
    expect([...new Set(sheet.rows.map((r) => r.section))]).toEqual(sections);
    expect(sheet.rows.every((r) => r.value.trim() !== '')).toBe(true);
    expect(sheet.fallback).toBe(true);
    expect(sheet.orderNote).toMatch(/required items in filing order/);
    expect(sheet.rows.some((r) => r.portalName)).toBe(false);
    const v = values(sheet.rows);
    expect(v[0]).toBe('Bright Studio LLC');
    expect(v).toEqual(expect.arrayContaining(['Rita Agent', '300 Agent Way', 'Capital', state, '00002', 'Olive Organizer']));
  });

  it('has the values each state asks for: Florida the addresses and the members, Texas the governing authority and purpose', () => {
    const fl = values(portalSheet(order('FL'), 'formation').rows);
    expect(fl).toEqual(
      expect.arrayContaining(['100 Main Street', 'Springfield', '200 Side Road', 'Shelbyville', 'Member-managed', 'Mia Member', 'Max Member', 'Upon filing']),
    );
    const tx = values(portalSheet(order('TX'), 'formation').rows);
    expect(tx).toEqual(expect.arrayContaining(['Member-managed', 'Mia Member', 'Any lawful purpose', 'Upon filing', '400 Org Lane']));
    const wy = values(portalSheet(order('WY'), 'formation').rows);
    expect(wy).toEqual(expect.arrayContaining(['200 Side Road', '100 Main Street', '400 Org Lane']));
  });

  it('gives the e-filing link where the data names one, and says when it does not', () => {
    const tx = portalSheet(order('TX'), 'formation');
    expect(tx.link).toMatchObject({ url: 'https://www.sos.state.tx.us/corp/instructions/205.shtml' });
    expect(tx.link?.source).toMatch(/Texas LLC certificate of formation instructions/);
    for (const state of ['FL', 'WY', 'DE']) {
      const sheet = portalSheet(order(state), 'formation');
      expect(sheet.link).toBeNull();
      expect(sheet.linkNote).toMatch(/not known/);
    }
  });

  it('names our agent from the settings, or says where it is', () => {
    const ours = order('FL', { filingDetails: details('FL', { registeredAgent: { kind: 'ours', renewalConsent: true } }) });
    expect(values(portalSheet(ours, 'formation').rows)).toContain('Our registered agent: its name and address are in the operator settings');
    const named = portalSheet(ours, 'formation', { ourAgent: { name: 'Our Agent Inc', address: addr('9 Agent Plaza', 'Tallahassee', 'FL', '32301') } });
    expect(values(named.rows)).toEqual(expect.arrayContaining(['Our Agent Inc', '9 Agent Plaza']));
  });

  it('falls back to the worksheet order for a state whose document we do not hold, and says so', () => {
    const sheet = portalSheet(order('OH'), 'formation');
    expect(sheet.orderNote).toMatch(/formation worksheet/);
    expect(sheet.rows[0]).toMatchObject({ label: 'LLC name', value: 'Bright Studio LLC' });
  });

  it('says when the filing details are missing', () => {
    expect(portalSheet(order('FL', { filingDetails: undefined }), 'formation')).toMatchObject({
      rows: [],
      unavailable: expect.stringMatching(/filing details/),
    });
  });
});

describe('portal sheet: EIN', () => {
  it('answers Form SS-4 in line order and never holds the full SSN', () => {
    const sheet = portalSheet(order('FL'), 'ein');
    expect(sheet.rows.map((r) => r.section).slice(0, 3)).toEqual(['Line 1', 'Line 4a', 'Line 4b']);
    const tax = sheet.rows.find((r) => r.revealOnRequest);
    expect(tax).toMatchObject({ section: 'Line 7b', value: 'Revealed on request (ends 6789)' });
    expect(values(sheet.rows)).toEqual(
      expect.arrayContaining(['Bright Studio LLC', 'Mia Member', '2', 'Florida', '2026-08-15', 'December', 'Online video production', 'No']),
    );
    expect(sheet.orderNote).toMatch(/Form SS-4/);
    expect(sheet.rows.every((r) => r.value.trim() !== '')).toBe(true);
  });

  it('says when the order has no EIN application', () => {
    expect(portalSheet(order('WY', { filingDetails: details('WY', { ein: undefined }) }), 'ein').unavailable).toMatch(/EIN/);
  });
});

describe('portal sheet: DBA', () => {
  it("lists the DBA's values under the state's own term, with its filing page", () => {
    const sheet = portalSheet(order('FL'), 'dba');
    expect(sheet.title).toMatch(/fictitious name/i);
    expect(values(sheet.rows)).toEqual(expect.arrayContaining(['Bright Studio', 'Bright Studio LLC', 'Limited liability company, Florida', '100 Main Street']));
    expect(sheet.link?.url).toMatch(/^https:\/\//);
    expect(sheet.fallback).toBe(true);
  });

  it('says when the order has no DBA', () => {
    expect(portalSheet(order('TX', { dbaName: undefined }), 'dba').unavailable).toMatch(/DBA/);
  });
});

describe('the home-state registration sheet (docs/decisions/0429)', () => {
  it("a California resident's Wyoming LLC: the LLC's formation facts, the form and office from the data, and the good-standing sentence", () => {
    const sheet = portalSheet(
      { ...order('WY'), residenceState: 'CA', fileNumber: '2026-001234567', filedOn: '2026-11-23', filingDetails: details('WY') },
      'home-registration',
    );
    expect(sheet.title).toBe('California registration of a Wyoming LLC (Application to Register)');
    expect(sheet.link).toMatchObject({
      url: 'https://www.sos.ca.gov/business-programs/business-entities/forms/limited-liability-companies-foreign-out-state-or-out-country',
      text: 'Application to Register',
    });
    expect(sheet.orderNote).toContain('Files with: California Secretary of State.');
    expect(sheet.orderNote).toContain('Our data does not say whether California asks for a certificate of good standing from Wyoming');
    const value = (label: string) => sheet.rows.find((r) => r.label === label)?.value;
    expect(value('LLC name')).toBe('Bright Studio LLC');
    expect(value('Entity type and state of formation')).toBe('Limited liability company, Wyoming');
    expect(value('Date of formation in Wyoming')).toBe('2026-11-23');
    expect(value('File number in Wyoming')).toBe('2026-001234567');
    expect(value('Registered agent')).toMatch(/^Not on the order: ask the customer whom to name in California/);
    expect(value('Principal office: street')).toBe('100 Main Street');
  });

  it('says where the home state asks for a certificate of good standing, and is unavailable for an LLC formed at home', () => {
    expect(portalSheet({ ...order('DE'), residenceState: 'WY' }, 'home-registration').orderNote).toContain(
      'Wyoming asks for a certificate of good standing (existence) from Delaware, dated within sixty days',
    );
    expect(portalSheet({ ...order('WY'), residenceState: 'WY' }, 'home-registration').unavailable).toMatch(/nothing to register/);
  });
});
