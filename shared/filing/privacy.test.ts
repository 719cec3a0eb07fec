import { ADD_ONS } from '../catalog/catalog.ts';
import { CATALOG } from '../catalog/entries.ts';
import anonymity from '../data/owner-anonymity.json' with { type: 'json' };
import { STATE_RECORDS } from '../states.ts';
import { filingDetailsSchema } from './details.schema.ts';
import { operatorMayStandIn, ourAddressAllowed, ourOrganizerAllowed, privacyFilingUnavailableReason, publicRecordSentences } from './privacy.ts';

const records = anonymity.states as Record<
  string,
  { anonymous: boolean | null; formationDocumentRequiresNames: boolean | null; annualReportPublishesNames: boolean | null }
>;

describe('the privacy filing, from the state data', () => {
  it('is allowed exactly where the dataset keeps owners off the record and the formation document asks for no names', () => {
    const allowed = Object.keys(records).filter(ourAddressAllowed).sort();
    expect(allowed).toEqual(
      Object.entries(records)
        .filter(([, r]) => r.anonymous === true && r.formationDocumentRequiresNames === false)
        .map(([code]) => code)
        .sort(),
    );
    // The copy as it stands: Delaware, New Mexico and Wyoming.
    expect(allowed).toEqual(['DE', 'NM', 'WY']);
    for (const code of Object.keys(records)) expect(ourOrganizerAllowed(code)).toBe(operatorMayStandIn(code));
  });

  it('has a record for every state the product files in, and offers nothing for a code it does not hold', () => {
    for (const s of STATE_RECORDS) expect(records[s.code], s.code).toBeDefined();
    expect(ourAddressAllowed('ZZ')).toBe(false);
    expect(ourAddressAllowed(' wy ')).toBe(true);
  });

  it('says why it is not offered, from the record', () => {
    expect(privacyFilingUnavailableReason('NV')).toBe(
      'Nevada does not keep owners off the public record (state data), so we do not offer our address on the filing there.',
    );
  });

  it('says what will be public in Wyoming with our address and organizer, and what the data does not know', () => {
    expect(publicRecordSentences('WY', { ourAddress: true, ourOrganizer: true })).toEqual([
      "On Wyoming's public record: the LLC's name and its registered agent's name and address.",
      'The principal office and mailing address on the filing are ours, not yours.',
      'Our organizer signs the filing, so your name is not on it as organizer.',
      "Wyoming's formation document does not ask for the members' or managers' names.",
      "Wyoming's annual report does not publish them.",
      'Our state data does not say whether Wyoming requires the principal office to be a physical place of business.',
    ]);
  });

  it("says Nevada names its members from the record, and that the data does not know Florida's", () => {
    const nv = publicRecordSentences('NV', { ourAddress: false, ourOrganizer: false });
    expect(nv).toContain("Nevada's formation document names the members or managers.");
    expect(nv).toContain("Nevada's annual report publishes them.");
    expect(nv).toContain('The principal office and mailing address you give are printed on the filing.');
    const fl = publicRecordSentences('FL', { ourAddress: false, ourOrganizer: false });
    expect(fl).toContain("Our state data does not say whether Florida's formation document names the members or managers.");
    expect(fl).toContain("Our state data does not say whether Florida's annual report publishes them.");
  });

  it('is refused by the filing details schema where the data does not allow it', () => {
    const complete = (state: string) => {
      const address = { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' };
      return {
        principalOffice: address,
        useOurAddress: true,
        registeredAgent: { kind: 'own', name: 'Capitol Agents Inc.', address: { ...address, state, zip: state === 'WY' ? '82001' : '89101' }, consent: true },
        organizer: { name: 'Ada Lovelace', title: 'Organizer', address },
        signature: { typedName: 'Ada Lovelace', consent: true },
        management: 'member',
        members: [{ name: 'Ada Lovelace', address, ownershipPercent: 100 }],
      };
    };
    const problems = (state: string) =>
      filingDetailsSchema({ state, ein: false })
        .safeParse(complete(state))
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(problems('WY')).toBeUndefined();
    expect(problems('NV')).toEqual([['useOurAddress', privacyFilingUnavailableReason('NV')]]);
  });

  it('is an included service of the catalog, sold in the filing details where the data allows it', () => {
    const entry = CATALOG.find((e) => e.key === 'privacyAddress');
    if (!entry) throw new Error('no privacyAddress entry');
    expect(entry.pricing).toEqual({ kind: 'included' });
    expect(entry.sale.place).toBe('filingDetails');
    expect(ADD_ONS.map((e) => e.key)).not.toContain('privacyAddress');
    const { availableIn } = entry.sale as { availableIn?: (s: string) => { available: boolean } };
    expect(availableIn?.('WY')).toEqual({ available: true });
    expect(availableIn?.('CA')).toMatchObject({ available: false });
  });
});
