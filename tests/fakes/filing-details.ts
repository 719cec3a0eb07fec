/**
 * Filing details as a customer types them on the order page (the request body), and as the
 * order stores them: for fixtures of paid orders and the order-page tests.
 */
export const FIXTURE_ADDRESS = { line1: '100 Main St', city: 'Miami', state: 'FL', zip: '33101' };

export function filingDetailsInput(over: Record<string, unknown> = {}) {
  return {
    principalOffice: FIXTURE_ADDRESS,
    registeredAgent: { kind: 'ours', renewalConsent: true },
    organizer: { name: 'Maya Lopez', title: 'Organizer', address: FIXTURE_ADDRESS },
    signature: { typedName: 'Maya Lopez', consent: true },
    management: 'member',
    members: [{ name: 'Maya Lopez', address: FIXTURE_ADDRESS, ownershipPercent: 100 }],
    ...over,
  };
}

/** The stored form of filingDetailsInput() (defaults filled, signature dated). */
export function storedFilingDetails(over: Record<string, unknown> = {}) {
  const { signature, ...rest } = filingDetailsInput(over) as ReturnType<typeof filingDetailsInput>;
  return {
    purpose: 'Any lawful purpose',
    duration: 'perpetual',
    effectiveDate: 'upon_filing',
    ...rest,
    signature: { ...signature, signedAt: '2026-11-20T10:00:00.000Z' },
  };
}
