import anonymity from '../data/owner-anonymity.json' with { type: 'json' };

/**
 * Facts about a filing that pages, documents and the server read without validating anything:
 * kept apart from the filing-details schema (./details.ts) so that what only reads them does not
 * build the schema at import (a cold-start cost for functions, bundle weight for pages).
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
