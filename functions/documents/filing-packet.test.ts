import { ADD_ON_KEYS, ADD_ONS, addOnWords } from '#shared/catalog/catalog.ts';
import { findState } from '#shared/states.ts';
import { pdfFlatText, pdfPageCount, pdfText } from '../../tests/documents/pdf-text.ts';
import { detailsFor, orderFor, ourAgentIn } from '../../tests/documents/test-fixtures.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { addressLine } from './format.ts';
import { FORM_STATES } from './formation-forms.ts';
import { filingPacket, orderDocuments, WORKSHEET_STATES } from './index.ts';
import { orderSummary } from './order/generate.ts';
import { stateFacts } from './state-data.ts';

const TITLES: Record<string, string[]> = {
  FL: ['Articles of Organization', 'Florida Limited Liability Company'],
  DE: ['Certificate of Formation', '6 Del. C. § 18-201'],
  WY: ['Articles of Organization', 'Wyoming Limited Liability Company'],
  NV: ['Articles of Organization', 'NRS 86.161'],
  TX: ['Certificate of Formation', 'Form 205'],
  CA: ['Articles of Organization', 'Form LLC-1'],
  NY: ['Articles of Organization of', 'under Section 203 of the Limited Liability Company Law'],
};

describe('reading the PDFs back', () => {
  it('needs no program outside node_modules', async () => {
    const packet = await filingPacket(orderFor('FL'), detailsFor('FL'), ourAgentIn('FL'));
    vi.stubEnv('PATH', '/nonexistent');
    try {
      expect(await pdfFlatText(packet.documents[0].bytes)).toContain('Staff cover sheet');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('keeps lines and pages apart', async () => {
    const formation = (await filingPacket(orderFor('NY'), detailsFor('NY'), ourAgentIn('NY'))).documents[1];
    expect(await pdfPageCount(formation.bytes)).toBe(2);
    const pages = (await pdfText(formation.bytes)).split('\f').slice(0, -1);
    expect(pages).toHaveLength(2);
    expect(pages[0].split('\n')).toContain('under Section 203 of the Limited Liability Company Law');
    expect(pages[0]).toMatch(/\nPrepared by CreatorLLC from application [0-9a-z-]+\. Page 1 of 2\n/);
    expect(pages[1]).toContain('Page 2 of 2');
  });
});

describe('filing packet: states with a formation document', () => {
  it('covers the seven states, FL first', () => {
    expect(FORM_STATES).toEqual(['FL', 'DE', 'WY', 'NV', 'TX', 'CA', 'NY']);
  });

  it.each(FORM_STATES)('%s: the formation document shows the name, principal office, registered agent and organizer as entered', async (code) => {
    const order = orderFor(code);
    const details = detailsFor(code);
    const agent = ourAgentIn(code);
    const packet = await filingPacket(order, details, agent);

    expect(packet.documents.map((d) => d.kind)).toEqual(['cover_sheet', 'formation']);
    expect(packet.problems).toEqual([]);
    const formation = packet.documents[1];
    expect(formation.fileName).toMatch(new RegExp(`^${code.toLowerCase()}-[a-z0-9-]+\\.pdf$`));

    const text = await pdfFlatText(formation.bytes);
    for (const t of TITLES[code]) expect(text).toContain(t);
    expect(text).toContain(order.businessName);
    expect(text).toContain(addressLine(details.principalOffice));
    expect(text).toContain(agent.name);
    expect(text).toContain(addressLine(agent.address));
    expect(text).toContain(details.organizer.name);
    expect(text).toContain(`/s/ ${details.signature.typedName}`);
  });

  it.each(FORM_STATES)('%s: the cover sheet names the filing office and the fee', async (code) => {
    const packet = await filingPacket(orderFor(code), detailsFor(code), ourAgentIn(code));
    const text = await pdfFlatText(packet.documents[0].bytes);
    const office = stateFacts(code)?.filingOffice;
    const fee = findState(code)?.filingFee;
    expect(office).toBeTruthy();
    expect(fee).toBeGreaterThan(0);
    expect(text).toContain('Staff cover sheet');
    expect(text).toContain(`Filing office ${office}`);
    expect(text).toContain(`State filing fee $${fee}`);
    expect(text).toContain('Checklist');
    expect(text).toContain('US LLC State Requirements Dataset');
  });
});

describe('filing packet: what the cover sheet says', () => {
  it('lists every add-on of the catalog the order bought, the DBA with its name and county, and "None" without one', async () => {
    const all = Object.fromEntries(ADD_ON_KEYS.map((k) => [k, true]));
    const order = orderFor('WY', { addOns: all, dbaName: 'Pixel Kitchen', dbaCounty: 'Laramie' });
    const text = await pdfFlatText((await filingPacket(order, detailsFor('WY'), ourAgentIn('WY'))).documents[0].bytes);
    for (const entry of ADD_ONS) expect(text).toContain(addOnWords(entry.key, order).slice(0, 30));
    expect(text).toContain('DBA "Pixel Kitchen" (Laramie County)');
    const none = await pdfFlatText((await filingPacket(orderFor('WY'), detailsFor('WY'), ourAgentIn('WY'))).documents[0].bytes);
    expect(none).toMatch(/Add-ons\s*None/);
  });

  it('names a DBA bought after payment: the order as summarised for the generators has it, with the name and county set when it was paid', async () => {
    const paidAt = '2026-12-02T10:00:00.000Z';
    const app = {
      id: orderFor('WY').applicationId,
      businessName: 'Bright Pixel Studios WY LLC',
      state: 'WY',
      paymentStatus: 'paid',
      paidAt,
      dbaName: 'Pixel Kitchen',
      dbaCounty: 'Laramie',
      pricedOrder: { state: 'WY', totalCents: 30000, dbaRegistration: false, pricedAt: paidAt },
      purchases: [
        {
          id: 'p1',
          key: 'dbaRegistration',
          name: 'DBA: your creator name registered',
          lines: [],
          totalCents: 14900,
          details: { dbaName: 'Pixel Kitchen', dbaCounty: 'Laramie' },
          state: 'paid',
          provider: 'test',
          via: 'new-card',
          createdAt: paidAt,
          paidAt,
        },
      ],
    } as unknown as ApplicationItem;
    const order = orderSummary(app);
    expect(order.addOns.dbaRegistration).toBe(true);
    const text = await pdfFlatText((await filingPacket(order, detailsFor('WY'), ourAgentIn('WY'))).documents[0].bytes);
    expect(text).toContain('DBA "Pixel Kitchen" (Laramie County)');
  });

  it('lists the expedite tiers when the add-on was ordered', async () => {
    const order = orderFor('NY', { addOns: { expeditedFiling: true, feinFiling: false, operatingAgreement: false } });
    const packet = await filingPacket(order, detailsFor('NY'), ourAgentIn('NY'));
    const text = await pdfFlatText(packet.documents[0].bytes);
    expect(text).toContain('Processing: expedited filing ordered');
    expect(text).toContain('Within 24 hours of the request');
    expect(text).toContain('$25');
    expect(text).toContain('$150');
    expect(text).toContain('keeps the expedite fee even if it rejects the filing');
  });

  it('says standard processing when expedite was not ordered', async () => {
    const packet = await filingPacket(orderFor('NY'), detailsFor('NY'), ourAgentIn('NY'));
    const text = await pdfFlatText(packet.documents[0].bytes);
    expect(text).toContain('Expedited filing was not ordered');
    expect(text).not.toContain('Within 24 hours of the request');
  });

  it('flags an expedite order in a state that sells none (Florida)', async () => {
    const order = orderFor('FL', { addOns: { expeditedFiling: true, feinFiling: false, operatingAgreement: false } });
    const packet = await filingPacket(order, detailsFor('FL'), ourAgentIn('FL'));
    expect(packet.problems).toEqual([expect.stringContaining('Florida sells no expedited service')]);
    expect(await pdfFlatText(packet.documents[0].bytes)).toContain('Florida does not sell expedited service');
  });

  it("states New York's publication requirement", async () => {
    const packet = await filingPacket(orderFor('NY'), detailsFor('NY'), ourAgentIn('NY'));
    const text = await pdfFlatText(packet.documents[0].bytes);
    expect(text).toContain('Publication requirement (New York)');
    expect(text).toContain('must publish notice of its formation and file a Certificate of Publication');
    expect(text).toContain('§ 206');
    expect(text).toContain('County on the order: Albany');
  });

  it('never invents our registered agent: without the setting the gap shows', async () => {
    const packet = await filingPacket(orderFor('DE'), detailsFor('DE'));
    expect(packet.problems).toEqual([expect.stringContaining('Registered office address in Delaware')]);
    const formation = await pdfFlatText(packet.documents[1].bytes);
    expect(formation).toContain('[Missing: our registered agent in Delaware is not configured]');
    expect(await pdfFlatText(packet.documents[0].bytes)).toContain('MISSING');
  });

  it("uses the customer's own agent, and refuses one outside the state", async () => {
    const own = {
      kind: 'own' as const,
      name: 'Rosa Delgado',
      address: { line1: '9 Elm Street', city: 'Austin', state: 'TX', zip: '78702' },
      consent: true as const,
    };
    const ok = await filingPacket(orderFor('TX'), detailsFor('TX', { registeredAgent: own }), ourAgentIn('TX'));
    expect(ok.problems).toEqual([]);
    const text = await pdfFlatText(ok.documents[1].bytes);
    expect(text).toContain('Rosa Delgado');
    expect(text).toContain('9 Elm Street, Austin, TX 78702');
    expect(text).not.toContain('Harbor Agent Services');

    const away = await filingPacket(orderFor('TX'), detailsFor('TX', { registeredAgent: { ...own, address: { ...own.address, state: 'OK' } } }));
    expect(away.problems).toEqual([expect.stringContaining('must be in Texas')]);
  });

  it('flags a name without the state designator', async () => {
    const packet = await filingPacket(orderFor('CA', { businessName: 'Bright Pixel Studios' }), detailsFor('CA'), ourAgentIn('CA'));
    expect(packet.problems).toEqual([expect.stringContaining('does not end with a designator')]);
  });

  it('lists managers where the state asks for them (Texas, manager-managed)', async () => {
    const manager = { name: 'Avery Chen', address: { line1: '77 Lake Road', city: 'Dallas', state: 'TX', zip: '75201' } };
    const packet = await filingPacket(orderFor('TX'), detailsFor('TX', { management: 'manager', managers: [manager] }), ourAgentIn('TX'));
    const text = await pdfFlatText(packet.documents[1].bytes);
    expect(text).toContain('The limited liability company is to be managed by managers');
    expect(text).toContain('Avery Chen, 77 Lake Road, Dallas, TX 75201');
  });
});

describe('filing packet: states without a formation document', () => {
  it('WORKSHEET_STATES is every other state and DC', () => {
    expect(WORKSHEET_STATES).toHaveLength(44);
    expect(WORKSHEET_STATES).toContain('OH');
    expect(WORKSHEET_STATES).toContain('DC');
    for (const code of FORM_STATES) expect(WORKSHEET_STATES).not.toContain(code);
  });

  it('gives a clearly labelled worksheet, not a made-up form', async () => {
    const packet = await filingPacket(orderFor('OH'), detailsFor('OH'), ourAgentIn('OH'));
    expect(packet.documents.map((d) => d.kind)).toEqual(['cover_sheet', 'formation_worksheet']);
    expect(packet.documents[1].title).toContain('Formation worksheet (not an official form)');
    const text = await pdfFlatText(packet.documents[1].bytes);
    expect(text).toContain('Formation worksheet (not an official form)');
    expect(text).toContain('NOT AN OFFICIAL FORM');
    expect(text).toContain("We do not hold Ohio's required structure");
    expect(text).toContain('Ohio Secretary of State');
    expect(text).toContain('Bright Pixel Studios OH LLC');
    expect(text).toContain('Sam Okafor - 40%');
    expect(packet.problems).toEqual([expect.stringContaining('Ohio has no formation document in our set')]);
  });

  it('holds the filing office, official page and name rule of every state and DC', () => {
    for (const code of [...FORM_STATES, ...WORKSHEET_STATES]) {
      const facts = stateFacts(code);
      expect(facts?.filingOffice, code).toBeTruthy();
      expect(facts?.officialUrl, code).toMatch(/^https:\/\//);
      expect(facts?.designatorRule, code).toBeTruthy();
      expect(findState(code)?.filingFee, code).toBeGreaterThan(0);
    }
  });

  it('builds a worksheet packet across states (a sample)', async () => {
    for (const code of WORKSHEET_STATES.filter((_, i) => i % 11 === 0)) {
      const order = orderFor('OH', { filingState: code, stateName: '' });
      const packet = await filingPacket(order, detailsFor('OH'));
      expect(packet.documents[1].kind).toBe('formation_worksheet');
    }
  });

  it('rejects an unknown state', async () => {
    await expect(filingPacket(orderFor('OH', { filingState: 'ZZ' }), detailsFor('OH'))).rejects.toThrow('No filing facts');
  });
});

describe('order documents', () => {
  it('adds the operating agreement and EIN worksheet only when bought', async () => {
    const plain = await orderDocuments(orderFor('WY'), detailsFor('WY'), ourAgentIn('WY'));
    expect(plain.documents.map((d) => d.kind)).toEqual(['cover_sheet', 'formation']);

    const all = await orderDocuments(
      orderFor('WY', { addOns: { expeditedFiling: false, feinFiling: true, operatingAgreement: true } }),
      detailsFor('WY'),
      ourAgentIn('WY'),
    );
    expect(all.documents.map((d) => d.kind)).toEqual(['cover_sheet', 'formation', 'operating_agreement']);
    expect(all.problems).toEqual([expect.stringContaining('EIN answers')]);
  });
});
