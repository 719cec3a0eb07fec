import anonymity from '../data/owner-anonymity.json' with { type: 'json' };

/**
 * Facts about a filing that pages, documents and the server read without validating anything:
 * the filing-details schema built from them is in ./details.schema.ts.
 */
export const MANAGEMENT = ['member', 'manager'] as const;
export type Management = (typeof MANAGEMENT)[number];
export const DEFAULT_PURPOSE = 'Any lawful purpose';
export const MAX_MEMBERS = 10;

/** True when the state keeps owners' names off the public record (the form says so next to the members). */
export function keepsOwnersOffRecord(state: string): boolean {
  return (anonymity.states as Record<string, { anonymous: boolean | null }>)[state.toUpperCase()]?.anonymous === true;
}
export const OWNER_ANONYMITY_SOURCE = anonymity.source;
