import type { Address, StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { OrderSummary, OurRegisteredAgent } from '../../functions/documents/types.ts';

/** A complete paid order in each state the tests cover: distinct values, so each can be found in the PDFs' text. */

interface StatePlace {
  name: string;
  city: string;
  zip: string;
  county: string;
  agentStreet: string;
}

export const PLACES: Record<string, StatePlace> = {
  FL: { name: 'Florida', city: 'Miami', zip: '33101', county: 'Miami-Dade', agentStreet: '100 Biscayne Blvd' },
  DE: { name: 'Delaware', city: 'Wilmington', zip: '19801', county: 'New Castle', agentStreet: '200 Market Street' },
  WY: { name: 'Wyoming', city: 'Cheyenne', zip: '82001', county: 'Laramie', agentStreet: '300 Capitol Avenue' },
  NV: { name: 'Nevada', city: 'Las Vegas', zip: '89101', county: 'Clark', agentStreet: '400 Fremont Street' },
  TX: { name: 'Texas', city: 'Austin', zip: '78701', county: 'Travis', agentStreet: '500 Congress Avenue' },
  CA: { name: 'California', city: 'Sacramento', zip: '95814', county: 'Sacramento', agentStreet: '600 Capitol Mall' },
  NY: { name: 'New York', city: 'Albany', zip: '12207', county: 'Albany', agentStreet: '700 State Street' },
  OH: { name: 'Ohio', city: 'Columbus', zip: '43215', county: 'Franklin', agentStreet: '800 High Street' },
};

export function address(line1: string, city: string, state: string, zip: string, line2?: string): Address {
  return { line1, ...(line2 ? { line2 } : {}), city, state, zip };
}

export function ourAgentIn(code: string): OurRegisteredAgent {
  const p = PLACES[code];
  return { name: `Harbor Agent Services of ${p.name}`, address: address(p.agentStreet, p.city, code, p.zip, 'Suite 9') };
}

export function orderFor(code: string, over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    applicationId: `3f2a6c1e-8b4d-4c2a-9e7f-${code.toLowerCase()}0000000001`.slice(0, 36),
    businessName: `Bright Pixel Studios ${code} LLC`,
    filingState: code,
    stateName: PLACES[code]?.name ?? code,
    addOns: { expeditedFiling: false, feinFiling: false, operatingAgreement: false },
    paidAt: '2026-08-12T15:04:05.000Z',
    contact: { firstName: 'Jordan', lastName: 'Rivera', email: 'jordan@example.com', phone: '+1 305 555 0100' },
    platforms: ['YouTube', 'Instagram'],
    ...over,
  };
}

export function detailsFor(code: string, over: Partial<StoredFilingDetails> = {}): StoredFilingDetails {
  const p = PLACES[code];
  return {
    principalOffice: address('1200 Ocean Drive', p.city, code, p.zip, 'Unit 5'),
    mailingAddress: address('PO Box 4410', p.city, code, p.zip),
    county: p.county,
    registeredAgent: { kind: 'ours', renewalConsent: true },
    organizer: { name: 'Jordan Rivera', title: 'Organizer', address: address('1200 Ocean Drive', p.city, code, p.zip, 'Unit 5') },
    signature: { typedName: 'Jordan Rivera', consent: true, signedAt: '2026-08-12T16:00:00.000Z' },
    management: 'member',
    members: [
      { name: 'Jordan Rivera', address: address('1200 Ocean Drive', p.city, code, p.zip, 'Unit 5'), ownershipPercent: 60 },
      { name: 'Sam Okafor', address: address('45 Palm Lane', p.city, code, p.zip), ownershipPercent: 40 },
    ],
    purpose: 'Any lawful purpose',
    duration: 'perpetual',
    effectiveDate: 'upon_filing',
    ...over,
  };
}

/** The EIN answers, with only the last four digits of the tax id (as the order stores them). */
export const EIN_DETAILS: NonNullable<StoredFilingDetails['ein']> = {
  responsibleParty: { name: 'Jordan Rivera', taxIdType: 'ssn', taxIdLast4: '6789' },
  businessActivity: 'Online video content creation and brand partnerships',
  startDate: '2026-09-01',
  fiscalYearEndMonth: 12,
};
