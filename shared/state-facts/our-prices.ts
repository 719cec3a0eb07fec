import type { FactSource } from './facts.ts';

/**
 * Our published price to keep a registered agent in a state for one more year, in whole US dollars.
 * The first year in the filing state is included in the formation order; every other agent-year
 * (renewals, and an agent in a second state) is charged at this price.
 */
export const REGISTERED_AGENT_RENEWAL_USD = 125;

/** Where our own prices are published and the date this price list took effect. */
export const OUR_PRICE_LIST: FactSource = { name: 'Our price list', url: '/pricing', verifiedAt: '2026-11-22' };
