import { describe, expect, it } from 'vitest';
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { findState } from '#shared/states.ts';
import { pdfFlatText } from '../../tests/documents/pdf-text.ts';
import { pdfTagged } from '../../tests/documents/poppler.ts';
import { address, EIN_DETAILS, orderFor } from '../../tests/documents/test-fixtures.ts';
import { FORM_STATES } from './formation-forms.ts';
import { orderDocuments, WORKSHEET_STATES } from './index.ts';
import type { OurRegisteredAgent } from './types.ts';

/**
 * No document a customer downloads ever shows a "[Missing ...]" placeholder (docs/product.md
 * section 10, "Documents"): over every state and DC, every document generated for a complete
 * order with both add-ons, with our agent (an office configured) and with the customer's own.
 * Where a value is missing (our agent not configured there), the generator reports a blocker
 * and functions/documents/order/generate.ts stores nothing. Every one of them is a tagged PDF as
 * pdfinfo (poppler) reads it (decision 0370).
 */

const ALL_STATES = [...FORM_STATES, ...WORKSHEET_STATES];

function details(code: string, agent: 'ours' | 'own'): StoredFilingDetails {
  const office = address('1200 Main Street', 'Capital City', code, '10001', 'Unit 5');
  return {
    principalOffice: office,
    county: 'Capital',
    registeredAgent:
      agent === 'ours'
        ? { kind: 'ours', renewalConsent: true }
        : { kind: 'own', name: 'Statewide Agents Inc.', address: address('9 Agent Way', 'Capital City', code, '10002'), consent: true },
    organizer: { name: 'Jordan Rivera', title: 'Organizer', address: office },
    signature: { typedName: 'Jordan Rivera', consent: true, signedAt: '2026-08-12T16:00:00.000Z' },
    management: 'member',
    members: [{ name: 'Jordan Rivera', address: office, ownershipPercent: 100 }],
    purpose: 'Any lawful purpose',
    duration: 'perpetual',
    effectiveDate: 'upon_filing',
    ein: EIN_DETAILS,
  };
}

const ourAgent = (code: string): OurRegisteredAgent => ({
  name: 'Harbor Agent Services LLC',
  address: address('77 Harbor Road', 'Capital City', code, '10003'),
});

const order = (code: string) =>
  orderFor(code, { stateName: findState(code)?.name ?? code, addOns: { expeditedFiling: false, feinFiling: true, operatingAgreement: true } });

describe('customer-visible documents never show a [Missing ...] placeholder', () => {
  it('covers every state and DC', () => expect(ALL_STATES).toHaveLength(51));

  it.each(ALL_STATES)('%s: every document, with our agent (office configured) and with the customer’s own, tagged', async (code) => {
    for (const agent of ['ours', 'own'] as const) {
      const made = await orderDocuments(order(code), details(code, agent), agent === 'ours' ? ourAgent(code) : null);
      expect(made.blockers, `${code} ${agent}`).toEqual([]);
      expect(made.documents.map((d) => d.kind)).toEqual(expect.arrayContaining(['cover_sheet', 'operating_agreement', 'ein_worksheet']));
      for (const doc of made.documents.filter((d) => d.kind !== 'cover_sheet'))
        expect(await pdfFlatText(doc.bytes), `${code} ${agent} ${doc.kind}`).not.toContain('[Missing');
      for (const doc of made.documents) expect(pdfTagged(doc.bytes), `${code} ${agent} ${doc.kind}: pdfinfo "Tagged: yes"`).toBe(true);
    }
  });

  it.each([...FORM_STATES, 'OH', 'DC'])('%s: our agent without an office there is a blocker, never a placeholder in a stored document', async (code) => {
    const made = await orderDocuments(order(code), details(code, 'ours'), null);
    expect(made.blockers).toContainEqual(
      expect.objectContaining({ code: 'our_agent_not_configured', reason: expect.stringContaining(findState(code)?.name ?? code) }),
    );
  });

  it('New York without the county is a blocker', async () => {
    const made = await orderDocuments(order('NY'), { ...details('NY', 'own'), county: undefined }, null);
    expect(made.blockers).toEqual([{ code: 'value_missing', field: expect.stringContaining('County'), reason: expect.any(String) }]);
  });
});

describe('the EIN documents', () => {
  it("gives the customer a plain-language summary, never the staff worksheet's wording or any digit of the tax id", async () => {
    const made = await orderDocuments(order('WY'), details('WY', 'own'), null);
    const summary = made.documents.find((d) => d.kind === 'ein_summary');
    expect(summary?.title).toBe('EIN application summary - Bright Pixel Studios WY LLC');
    const text = await pdfFlatText(summary!.bytes);
    expect(text).toContain('Your EIN application');
    expect(text).toContain('Online video content creation and brand partnerships');
    for (const staffOnly of ['for staff', 'Ask the customer', 'Confirm with the customer', 'SS-4', '6789']) expect(text).not.toContain(staffOnly);
  });
});
