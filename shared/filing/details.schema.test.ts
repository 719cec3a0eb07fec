import { describe, expect, it } from 'vitest';
import { filingDetailsSchema } from './details.schema.ts';
import { keepsOwnersOffRecord } from './facts.ts';

const address = { line1: '100 Main St', city: 'Cheyenne', state: 'WY', zip: '82001' };
const completeDetails = (over: Record<string, unknown> = {}) => ({
  principalOffice: address,
  registeredAgent: { kind: 'ours', renewalConsent: true },
  organizer: { name: 'Ada Lovelace', title: 'Organizer', address },
  signature: { typedName: 'ada lovelace', consent: true },
  management: 'member',
  members: [{ name: 'Ada Lovelace', address, ownershipPercent: 100 }],
  ...over,
});

function problems(input: unknown, ctx = { state: 'WY', ein: false }): Record<string, string[]> {
  const out = filingDetailsSchema(ctx).safeParse(input);
  if (out.success) return {};
  const map: Record<string, string[]> = {};
  for (const i of out.error.issues) (map[i.path.join('.')] ??= []).push(i.message);
  return map;
}

describe('filing details', () => {
  it('accepts a complete single-member order and fills the defaults', () => {
    const out = filingDetailsSchema({ state: 'WY', ein: false }).parse(completeDetails());
    expect(out).toMatchObject({ purpose: 'Any lawful purpose', duration: 'perpetual', effectiveDate: 'upon_filing' });
  });

  it('refuses a PO box as the principal office, and allows one as the mailing address', () => {
    for (const line1 of ['PO Box 12', 'P.O. Box 12', 'post office box 9', 'PMB 221']) {
      expect(problems(completeDetails({ principalOffice: { ...address, line1 } }))['principalOffice.line1']?.[0]).toMatch(/PO box is not a street address/);
    }
    expect(problems(completeDetails({ mailingAddress: { ...address, line1: 'PO Box 12' } }))).toEqual({});
    // Words that merely contain "box" are streets.
    expect(problems(completeDetails({ principalOffice: { ...address, line1: '12 Boxwood Lane' } }))).toEqual({});
  });

  it("speaks of the agent's address, not the business's, when the agent's address is a PO box", () => {
    const registeredAgent = { kind: 'own', name: 'Capitol Agents Inc.', address: { ...address, line1: 'PO Box 7' }, consent: true };
    const sentence = problems(completeDetails({ registeredAgent }))['registeredAgent.address.line1']?.[0];
    expect(sentence).toBe("A PO box is not a street address: enter the agent's street address, where legal papers are received");
    expect(problems(completeDetails({ principalOffice: { ...address, line1: 'PO Box 7' } }))['principalOffice.line1']).toEqual([
      'A PO box is not a street address: enter where the business is located',
    ]);
  });

  it("refuses a ZIP code outside the address's state, with a sentence naming the ZIP code field", () => {
    const office = { line1: '1 Main St', city: 'Los Angeles', state: 'CA', zip: '10001' };
    expect(problems(completeDetails({ principalOffice: office }))['principalOffice.zip']).toEqual([
      'ZIP code 10001 is in New York, not California: check the ZIP code or the state',
    ]);
    // Judged while the rest of the address is still empty, so the sentence shows when the field is left.
    expect(problems(completeDetails({ principalOffice: { ...office, line1: '', city: '' } }))['principalOffice.zip']).toHaveLength(1);
    expect(problems(completeDetails({ principalOffice: { ...office, zip: '90001' } }))).toEqual({});
    expect(problems(completeDetails({ principalOffice: { ...office, zip: '90001-1234' } }))).toEqual({});
    // Every address: the mailing address and the members' too.
    expect(problems(completeDetails({ mailingAddress: { ...address, zip: '33101' } }))['mailingAddress.zip']?.[0]).toMatch(/is in Florida, not Wyoming/);
    const members = [{ name: 'Ada Lovelace', address: { ...address, zip: '60601' }, ownershipPercent: 100 }];
    expect(problems(completeDetails({ members }))['members.0.address.zip']?.[0]).toMatch(/ZIP code 60601 is in Illinois, not Wyoming/);
  });

  it('ownership adds up to 100', () => {
    const members = [
      { name: 'Ada Lovelace', address, ownershipPercent: 60 },
      { name: 'Charles Babbage', address, ownershipPercent: 33.33 },
    ];
    expect(problems(completeDetails({ members }))).toEqual({ members: ['Ownership must add up to 100% (now 93.33%)'] });
    members[1].ownershipPercent = 40;
    expect(problems(completeDetails({ members }))).toEqual({});
  });

  it('two-decimal shares are valid whatever their binary rounding, when they add up to 100 (33.33 / 33.33 / 33.34)', () => {
    const members = [33.33, 33.33, 33.34].map((ownershipPercent, i) => ({
      name: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'][i],
      address,
      ownershipPercent,
    }));
    expect(problems(completeDetails({ members }))).toEqual({});
    const tiny = [0.07, 99.93].map((ownershipPercent, i) => ({ name: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'][i], address, ownershipPercent }));
    expect(problems(completeDetails({ members: tiny }))).toEqual({});
    const three = [33.333, 33.333, 33.334].map((ownershipPercent, i) => ({
      name: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'][i],
      address,
      ownershipPercent,
    }));
    expect(problems(completeDetails({ members: three }))['members.0.ownershipPercent']).toEqual(['Ownership may have at most two decimals']);
  });

  it('the start date is a real calendar date (2026-99-99 and 2026-02-29 are refused, 2028-02-29 is not)', () => {
    const ein = {
      responsibleParty: { name: 'Ada Lovelace', taxIdType: 'ssn', taxId: '123-45-6789' },
      businessActivity: 'Video content',
      startDate: '2026-12-01',
      fiscalYearEndMonth: 12,
    };
    for (const startDate of ['2026-99-99', '2026-02-29', '2026-04-31', '2026-00-10'])
      expect(problems(completeDetails({ ein: { ...ein, startDate } }), { state: 'WY', ein: true })).toEqual({
        'ein.startDate': ['Enter a real date: month, day and year'],
      });
    expect(problems(completeDetails({ ein: { ...ein, startDate: '2028-02-29' } }), { state: 'WY', ein: true })).toEqual({});
  });

  it('a manager-managed LLC names a manager', () => {
    expect(problems(completeDetails({ management: 'manager' }))).toEqual({ managers: ['A manager-managed LLC needs at least one manager'] });
    expect(problems(completeDetails({ management: 'manager', managers: [{ name: 'Grace Hopper', address }] }))).toEqual({});
  });

  it("the customer's own agent is in the filing state, at a street address, and agreed", () => {
    const own = { kind: 'own', name: 'Agent Co', address: { ...address, city: 'Denver', state: 'CO', zip: '80202' }, consent: true };
    expect(problems(completeDetails({ registeredAgent: own }))).toEqual({
      'registeredAgent.address.state': ["The registered agent's address must be in Wyoming"],
    });
    expect(problems(completeDetails({ registeredAgent: { ...own, address, consent: false } }))['registeredAgent.consent']).toEqual([
      'The agent must agree to act for the LLC',
    ]);
  });

  it('New York asks for the county', () => {
    const ny = { ...address, city: 'Albany', state: 'NY', zip: '12207' };
    const input = completeDetails({ principalOffice: ny });
    expect(problems(input, { state: 'NY', ein: false })).toEqual({ county: ['New York asks for the county where the office is located'] });
    expect(problems({ ...input, county: 'Albany' }, { state: 'NY', ein: false })).toEqual({});
  });

  it('the signature is the organizer typing their own name, with consent', () => {
    expect(problems(completeDetails({ signature: { typedName: 'Someone Else', consent: true } }))).toEqual({
      'signature.typedName': ['Type the organizer’s name exactly as above to sign'],
    });
    expect(problems(completeDetails({ signature: { typedName: 'Ada Lovelace', consent: false } }))['signature.consent']).toEqual([
      'Tick the box to sign electronically',
    ]);
  });

  it('the EIN questions are required exactly when the EIN add-on was bought', () => {
    const ein = {
      responsibleParty: { name: 'Ada Lovelace', taxIdType: 'ssn', taxId: '123-45-6789' },
      businessActivity: 'Video content',
      startDate: '2026-12-01',
      fiscalYearEndMonth: 12,
    };
    expect(problems(completeDetails(), { state: 'WY', ein: true })).toEqual({ ein: ['Your order includes the EIN application: answer its questions'] });
    expect(problems(completeDetails({ ein }), { state: 'WY', ein: true })).toEqual({});
    expect(problems(completeDetails({ ein: { ...ein, responsibleParty: { ...ein.responsibleParty, taxId: '12345' } } }), { state: 'WY', ein: true })).toEqual({
      'ein.responsibleParty.taxId': ['Enter 9 digits, like 123-45-6789'],
    });
  });

  it('asks what the IRS needs that the order lacks: employees expected and an earlier EIN, checked as the IRS issues them', () => {
    const ein = {
      responsibleParty: { name: 'Ada Lovelace', taxIdType: 'ssn', taxId: '123-45-6789' },
      businessActivity: 'Video content',
      startDate: '2026-12-01',
      fiscalYearEndMonth: 12,
      employeesExpected: 0,
      appliedBefore: false,
    };
    const ctx = { state: 'WY', ein: true };
    expect(problems(completeDetails({ ein }), ctx)).toEqual({});
    expect(problems(completeDetails({ ein: { ...ein, appliedBefore: true } }), ctx)).toEqual({
      'ein.priorEin': ['Enter the earlier EIN, as on the IRS letter'],
    });
    expect(problems(completeDetails({ ein: { ...ein, appliedBefore: true, priorEin: '07-1234567' } }), ctx)).toEqual({
      'ein.priorEin': ['No EIN starts with 07: the IRS issues none with that prefix. Check the number on the IRS letter'],
    });
    expect(problems(completeDetails({ ein: { ...ein, appliedBefore: true, priorEin: '12-3456789' } }), ctx)).toEqual({});
    expect(problems(completeDetails({ ein: { ...ein, employeesExpected: -1 } }), ctx)).toEqual({
      'ein.employeesExpected': ['Enter how many employees you expect, 0 if none'],
    });
  });

  it('an empty start date asks for month, day and year, as the picker shows them', () => {
    const ein = {
      responsibleParty: { name: 'Ada Lovelace', taxIdType: 'ssn', taxId: '123-45-6789' },
      businessActivity: 'Video content',
      fiscalYearEndMonth: 12,
    };
    expect(problems(completeDetails({ ein: { ...ein, startDate: '' } }), { state: 'WY', ein: true })).toEqual({
      'ein.startDate': ['Enter the start date: month, day and year'],
    });
    expect(problems(completeDetails({ ein: { ...ein, startDate: '12/01/2026' } }), { state: 'WY', ein: true })).toEqual({
      'ein.startDate': ['Enter the start date: month, day and year'],
    });
  });

  it('an ITIN starts with 9, and an SSN never starts with 000, 666 or 9', () => {
    const withTaxId = (taxIdType: string, taxId: string) =>
      problems(
        completeDetails({
          ein: {
            responsibleParty: { name: 'Ada Lovelace', taxIdType, taxId },
            businessActivity: 'Video content',
            startDate: '2026-12-01',
            fiscalYearEndMonth: 12,
          },
        }),
        { state: 'WY', ein: true },
      );
    expect(withTaxId('itin', '123-45-6789')).toEqual({ 'ein.responsibleParty.taxId': ['An ITIN always starts with 9: check the number, or choose SSN'] });
    expect(withTaxId('itin', '912-70-1234')).toEqual({});
    expect(withTaxId('ssn', '912-70-1234')).toEqual({
      'ein.responsibleParty.taxId': ['An SSN never starts with 9 (numbers that do are ITINs): check the number, or choose ITIN'],
    });
    expect(withTaxId('ssn', '666-12-3456')).toEqual({ 'ein.responsibleParty.taxId': ['An SSN never starts with 666: check the number'] });
    expect(withTaxId('ssn', '000-12-3456')).toEqual({ 'ein.responsibleParty.taxId': ['An SSN never starts with 000: check the number'] });
    expect(withTaxId('ssn', '123-45-6789')).toEqual({});
  });

  it('names in any script are accepted', () => {
    expect(
      problems(completeDetails({ organizer: { name: 'Zoë Ünlü', title: 'Organizer', address }, signature: { typedName: 'Zoë Ünlü', consent: true } })),
    ).toEqual({});
  });

  it('knows which states keep owners off the public record (dataset)', () => {
    expect(['DE', 'NM', 'WY'].every(keepsOwnersOffRecord)).toBe(true);
    expect(['NV', 'CA', 'FL'].some(keepsOwnersOffRecord)).toBe(false);
  });
});
