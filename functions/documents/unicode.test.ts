import { pdfFlatText, pdfText } from '../../tests/documents/pdf-text.ts';
import { address, detailsFor, EIN_DETAILS, orderFor, ourAgentIn } from '../../tests/documents/test-fixtures.ts';
import { fontRuns } from './fonts.ts';
import { einWorksheet, filingPacket, operatingAgreement } from './index.ts';

/** Bidi controls a PDF reader may add around right-to-left text. */
const stripBidi = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

describe('names in any script', () => {
  const name = 'Café Zoë Ünlü LLC';
  const member = 'Zoë Ünlü';
  const order = orderFor('FL', { businessName: name, addOns: { expeditedFiling: false, feinFiling: true, operatingAgreement: true } });
  const details = detailsFor('FL', {
    organizer: { name: member, title: 'Organizer', address: address('1200 Ocean Drive', 'Miami', 'FL', '33101') },
    signature: { typedName: member, consent: true, signedAt: '2026-08-12T16:00:00.000Z' },
    members: [
      { name: member, address: address('1200 Ocean Drive', 'Miami', 'FL', '33101'), ownershipPercent: 55 },
      { name: 'Søren Ødegård', address: address('45 Palm Lane', 'Miami', 'FL', '33101'), ownershipPercent: 45 },
    ],
    ein: { ...EIN_DETAILS, responsibleParty: { ...EIN_DETAILS.responsibleParty, name: member } },
  });

  it(`prints "${name}" and "${member}" intact in every document`, async () => {
    const packet = await filingPacket(order, details, ourAgentIn('FL'));
    const docs = [...packet.documents, await operatingAgreement(order, details), await einWorksheet(order, details)];
    for (const doc of docs) {
      const text = await pdfText(doc.bytes);
      expect(text, doc.kind).toContain(name);
      expect(text, doc.kind).toContain(member);
      expect(text, doc.kind).not.toMatch(/Caf\? |Zo\?|\?nl\?/);
    }
    expect(await pdfText(docs[1].bytes)).toContain('Søren Ødegård');
  });

  it('prints Greek, Cyrillic, Vietnamese, CJK, Korean, Hebrew and Arabic names', async () => {
    const people = ['Νίκος Παπαδόπουλος', 'Анна Иванова', 'Nguyễn Thị Hương', '山田太郎', '김민준', 'דנה כהן', 'محمد علي'];
    const members = people.map((p, i) => ({ name: p, address: address(`${i + 1} Main Street`, 'Miami', 'FL', '33101'), ownershipPercent: i === 0 ? 16 : 14 }));
    const o = orderFor('FL', { businessName: '星光工作室 LLC' });
    const doc = await operatingAgreement(o, detailsFor('FL', { members }));
    const text = stripBidi(await pdfFlatText(doc.bytes));
    expect(text).toContain('星光工作室 LLC');
    for (const p of people) expect(text).toContain(p);
    // Only the glyphs used are embedded: a CJK name does not carry the 11 MB font with it.
    expect(doc.bytes.length).toBeLessThan(150_000);
  });

  it('splits text into runs by the font that can print it', () => {
    expect(fontRuns('Café 山田 LLC').map((r) => [r.file, r.text])).toEqual([
      ['NotoSans-Regular.ttf', 'Café '],
      ['NotoSansCJKsc-Regular.ttf', '山田'],
      ['NotoSans-Regular.ttf', ' LLC'],
    ]);
    expect(fontRuns('محمد علي').every((r) => r.rtl)).toBe(true);
    expect(fontRuns('Zoë', true)[0].file).toBe('NotoSans-Bold.ttf');
  });

  it('prints names with combining overlay marks (U+0334-U+0338) and marks a font cannot position, in every document', async () => {
    // fontkit's mark positioning crashed on these ("Cannot read properties of null (reading 'xCoordinate')").
    const person = 'Zo\u0335e Ma\u0338rk';
    const business = 'S\u0334t\u0336u\u0337dio \u00f8\u0315 LLC';
    const o = orderFor('FL', { businessName: business, addOns: { expeditedFiling: false, feinFiling: true, operatingAgreement: true } });
    const d = detailsFor('FL', {
      organizer: { name: person, title: 'Organizer', address: address('1200 Ocean Drive', 'Miami', 'FL', '33101') },
      signature: { typedName: person, consent: true, signedAt: '2026-08-12T16:00:00.000Z' },
      members: [{ name: person, address: address('1200 Ocean Drive', 'Miami', 'FL', '33101'), ownershipPercent: 100 }],
      ein: { ...EIN_DETAILS, responsibleParty: { ...EIN_DETAILS.responsibleParty, name: person } },
    });
    const packet = await filingPacket(o, d, ourAgentIn('FL'));
    const docs = [...packet.documents, await operatingAgreement(o, d), await einWorksheet(o, d)];
    for (const doc of docs) {
      const text = (await pdfText(doc.bytes)).normalize('NFC');
      expect(text, doc.kind).toContain(person.normalize('NFC'));
      expect(text, doc.kind).toContain(business.normalize('NFC'));
    }
  });
});
