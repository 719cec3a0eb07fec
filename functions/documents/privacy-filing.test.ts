import { ourPrivacyFiling } from '#shared/operator/facts.ts';
import { pdftotext } from '../../tests/documents/poppler.ts';
import { address, detailsFor, orderFor, ourAgentIn } from '../../tests/documents/test-fixtures.ts';
import { addressLine } from './format.ts';
import { filingPacket } from './index.ts';
import type { OurPrivacyFiling } from './types.ts';

/**
 * The privacy filing (docs/decisions/0411-privacy-filing-uses-operator-address.md): a customer who
 * chose privacy gets a formation document that carries our address and our organizer, read back
 * with pdftotext as the state's clerk (or anyone reading the public record) would read it.
 */

const OURS: OurPrivacyFiling = {
  legalName: 'Creator Filings LLC',
  address: address('1712 Pioneer Avenue', 'Cheyenne', 'WY', '82001', 'Suite 500'),
  organizer: 'Dana Whitfield',
};

/** The customer's home, as the filing details hold it (principal office, mailing address, organizer, first member). */
const HOME = '1200 Ocean Drive';

async function formationText(code: string, over: Parameters<typeof detailsFor>[1], ours: OurPrivacyFiling | null = OURS) {
  const packet = await filingPacket(orderFor(code), detailsFor(code, over), ourAgentIn(code), ours);
  const formation = packet.documents.find((d) => d.kind === 'formation' || d.kind === 'formation_worksheet');
  if (!formation) throw new Error('no formation document');
  // The cover sheet's notes wrap: its words are compared with single spaces.
  return { packet, text: pdftotext(formation.bytes), cover: pdftotext(packet.documents[0].bytes).replace(/\s+/g, ' ') };
}

describe('a privacy-chosen Wyoming order', () => {
  it("prints our address and organizer on the Articles, and neither the customer's home nor their name", async () => {
    const { packet, text } = await formationText('WY', { useOurAddress: true });
    expect(packet.blockers).toEqual([]);
    expect(text).toContain('Articles of Organization');
    // Our address as principal office and mailing address, our organizer signing.
    expect(text).toContain(addressLine(OURS.address));
    expect(text).toContain(`${addressLine(OURS.address)} (same as the principal office)`);
    expect(text).toContain(`Organizer: ${OURS.organizer}, ${addressLine(OURS.address)}`);
    expect(text).toMatch(new RegExp(`${OURS.organizer}\\s+Organizer \\(for ${OURS.legalName}\\)`));
    // Nothing of the customer's: no home street, no PO box, no name, no typed signature, no email.
    expect(text).not.toContain(HOME);
    expect(text).not.toContain('PO Box 4410');
    expect(text).not.toContain('Jordan Rivera');
    expect(text).not.toContain('/s/');
    expect(text).not.toContain('jordan@example.com');
  });

  it('prints the customer as before when they did not choose it', async () => {
    const { text } = await formationText('WY', {});
    expect(text).toContain(HOME);
    expect(text).toContain('Organizer: Jordan Rivera');
    expect(text).toContain('/s/ Jordan Rivera');
  });

  it("tells staff on the cover sheet, and keeps the customer's authorisation there", async () => {
    const { cover } = await formationText('WY', { useOurAddress: true });
    expect(cover).toContain('Our address on the filing (privacy)');
    expect(cover).toContain(`${OURS.organizer} signs for ${OURS.legalName} before filing`);
    expect(cover).toContain('Authorised by the customer: /s/ Jordan Rivera');
    expect(cover).toContain('Our data does not say whether Wyoming requires a physical principal office');
  });

  it('blocks the documents when our privacy address is not set', async () => {
    const { packet } = await formationText('WY', { useOurAddress: true }, null);
    expect(packet.blockers).toEqual([expect.objectContaining({ code: 'privacy_filing_not_configured' })]);
  });

  it('blocks the documents where the state data does not allow it (Nevada names its managing members)', async () => {
    const { packet } = await formationText('NV', { useOurAddress: true });
    expect(packet.blockers).toEqual([expect.objectContaining({ code: 'privacy_filing_unavailable' })]);
  });

  it("signs Delaware's certificate with our organizer as the authorized person", async () => {
    const { text } = await formationText('DE', { useOurAddress: true });
    expect(text).toMatch(new RegExp(`${OURS.organizer}\\s+Authorized person \\(for ${OURS.legalName}\\)`));
    expect(text).not.toContain('Jordan Rivera');
    expect(text).not.toContain(HOME);
  });
});

describe('our privacy filing setting', () => {
  it('stands in only with a legal name, an address and an organizer', () => {
    const base = { legalName: 'Creator Filings LLC', privacyFiling: { address: OURS.address, organizer: ' Dana Whitfield ' } };
    expect(ourPrivacyFiling(base)).toEqual({ legalName: 'Creator Filings LLC', address: OURS.address, organizer: 'Dana Whitfield' });
    expect(ourPrivacyFiling({ ...base, legalName: null })).toBeUndefined();
    expect(ourPrivacyFiling({ ...base, privacyFiling: null })).toBeUndefined();
    expect(ourPrivacyFiling({ ...base, privacyFiling: { address: OURS.address, organizer: ' ' } })).toBeUndefined();
  });
});
