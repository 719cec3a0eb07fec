import type { PriceSettingKey } from '../catalog/catalog.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '../state-facts/our-prices.ts';

/**
 * The operator's settings as data (docs/product.md section 6, "Operator settings"), and what the
 * pages and emails make of them. No zod here: the site's footer and legal pages read these from
 * GET /api/operator-settings inside the landing page's JavaScript budget; the schemas that
 * validate an owner's edit are in ./settings.ts.
 */
export interface OperatorAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
}

export const SOCIAL_NETWORKS = { instagram: 'Instagram', tiktok: 'TikTok', youtube: 'YouTube', x: 'X (Twitter)' } as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

/** Everything the owner sets. `null` (or an absent link) means "not set". Each price of the catalog priced by a setting is one (whole US dollars; null: its default). */
export interface OperatorSettings extends Record<PriceSettingKey, number | null> {
  /** The company's legal name, as registered (e.g. "Creator Filings LLC"). */
  legalName: string | null;
  /** Where the company can be reached by post: the legal pages, the footer and every email. */
  address: OperatorAddress | null;
  supportEmail: string | null;
  supportPhone: string | null;
  /** The refund terms in the operator's words, on the Refund Policy page. */
  refundTerms: string | null;
  /** A live chat: the footer shows "Live Chat" only when set. */
  liveChatUrl: string | null;
  /** The profiles the footer links to; a network without a link is not shown. */
  socialLinks: Partial<Record<SocialNetwork, string>>;
  /** Our registered-agent offices, one per state we act in: the filing documents name the one in the filing state. */
  registeredAgentOffices: OperatorAddress[];
  /**
   * The privacy filing (shared/filing/privacy.ts): the street address a formation document may
   * carry as the customer's principal office and mailing address, and the person who signs as
   * organizer for us. Unset (null or absent): the privacy filing is not offered.
   */
  privacyFiling?: PrivacyFilingSetting | null;
}

/** Our address and organizer for a privacy filing. */
export interface PrivacyFilingSetting {
  address: OperatorAddress;
  /** The person who signs formation documents as organizer for us. */
  organizer: string;
}

// The price settings are listed here, not read from the catalog, to keep the catalog out of the
// pages that read the footer's settings; `satisfies` fails to compile when one is missing.
const NO_PRICES = {
  registeredAgentRenewalUsd: null,
  dbaServiceFeeUsd: null,
  form2553Usd: null,
  nyPublicationUsd: null,
  homeStateRegistrationUsd: null,
  annualReportServiceUsd: null,
} as const satisfies Record<PriceSettingKey, null>;

export const EMPTY_OPERATOR_SETTINGS: OperatorSettings = {
  legalName: null,
  address: null,
  supportEmail: null,
  supportPhone: null,
  ...NO_PRICES,
  refundTerms: null,
  liveChatUrl: null,
  socialLinks: {},
  registeredAgentOffices: [],
  privacyFiling: null,
};

/** The settings customers should know the operator by: staff see a notice naming each one unset. */
export const REQUIRED_OPERATOR_SETTINGS = {
  legalName: 'legal name',
  address: 'address',
  supportEmail: 'support email',
  supportPhone: 'support phone',
  registeredAgentRenewalUsd: 'registered-agent renewal price',
  refundTerms: 'refund terms',
} as const satisfies Partial<Record<keyof OperatorSettings, string>>;

/**
 * The labels of the settings still unset (empty when the operator is fully described). Given
 * every state's code (`allStates`), the states without a registered-agent office are one more
 * entry that names them: no page or email promises our agent there (agentPromise).
 */
export function missingOperatorSettings(s: OperatorSettings, allStates?: readonly string[]): string[] {
  const unset = (Object.keys(REQUIRED_OPERATOR_SETTINGS) as (keyof typeof REQUIRED_OPERATOR_SETTINGS)[])
    .filter((key) => s[key] === null || s[key] === undefined)
    .map((key): string => REQUIRED_OPERATOR_SETTINGS[key]);
  const offices = allStates ? missingAgentOffices(s, allStates) : [];
  if (offices.length) unset.push(`registered-agent office in ${offices.length} of ${allStates!.length} states (${offices.join(', ')})`);
  return unset;
}

/** The renewal price customers are quoted: the setting, else the published price list's. */
export function registeredAgentRenewalUsd(s: Pick<OperatorSettings, 'registeredAgentRenewalUsd'> | undefined): number {
  return s?.registeredAgentRenewalUsd ?? REGISTERED_AGENT_RENEWAL_USD;
}

/** "123 Main St, Suite 4, Miami, FL 33101" */
export function formatAddress(a: OperatorAddress): string {
  return [a.line1, a.line2, a.city, `${a.state} ${a.zip}`].filter(Boolean).join(', ');
}

/** Our registered agent in `state`: the operator's legal name at its office there, when both are set. */
export function ourRegisteredAgentFor(s: OperatorSettings, state: string): { name: string; address: OperatorAddress } | undefined {
  const office = s.registeredAgentOffices.find((o) => o.state === state.toUpperCase());
  return s.legalName && office ? { name: s.legalName, address: office } : undefined;
}

/**
 * Whether "Use our registered agent" may be offered for an LLC formed in `state`: only where the
 * operator has an office there (and a legal name to act under). Elsewhere the customer names
 * their own agent, and nothing of ours renews.
 */
export function offersOurAgent(s: OperatorSettings | undefined, state: string): boolean {
  return Boolean(s && ourRegisteredAgentFor(s, state));
}

/**
 * What a privacy filing in `state` stands in with: our legal name, our address and our organizer,
 * when the operator set them and the state data allows it (shared/filing/privacy.ts decides the
 * state; this only reads the setting). The documents and the filing details form read it.
 */
export function ourPrivacyFiling(
  s: Pick<OperatorSettings, 'legalName' | 'privacyFiling'> | undefined,
): { legalName: string; address: OperatorAddress; organizer: string } | undefined {
  const p = s?.privacyFiling;
  return s?.legalName && p?.address && p.organizer?.trim() ? { legalName: s.legalName, address: p.address, organizer: p.organizer.trim() } : undefined;
}

/** Every state where "Use our registered agent" may be offered (none until the settings are read). */
export function ourAgentStates(s: Pick<OperatorSettings, 'legalName' | 'registeredAgentOffices'> | undefined): string[] {
  return s?.legalName ? s.registeredAgentOffices.map((o) => o.state.toUpperCase()) : [];
}

/**
 * What the three-year cost prices of our registered agent (shared/state-facts/three-year-cost.ts):
 * the renewal price in force, and only in the states where we act as one. The API and the pages
 * pass the same options, so both quote the same total.
 */
export function agentCostOptions(s: OperatorSettings | undefined): { registeredAgentRenewalUsd: number; ourAgentStates: string[] } {
  return { registeredAgentRenewalUsd: registeredAgentRenewalUsd(s), ourAgentStates: ourAgentStates(s) };
}

/**
 * The states with open orders (paid, not completed) where we have no registered-agent office:
 * the staff settings banner lists them, with how many of their orders chose our agent (those
 * cannot be filed until an office is set or the customer names their own agent).
 */
export interface AgentOfficeGap {
  state: string;
  openOrders: number;
  choseOurAgent: number;
}

export function agentOfficeGaps(s: OperatorSettings | undefined, openOrders: readonly { state: string; agent?: string }[]): AgentOfficeGap[] {
  const offered = new Set(ourAgentStates(s));
  const gaps = new Map<string, AgentOfficeGap>();
  for (const o of openOrders) {
    const state = o.state.toUpperCase();
    if (!state || offered.has(state)) continue;
    const gap = gaps.get(state) ?? { state, openOrders: 0, choseOurAgent: 0 };
    gap.openOrders += 1;
    if (o.agent === 'ours') gap.choseOurAgent += 1;
    gaps.set(state, gap);
  }
  return [...gaps.values()].sort((a, b) => b.choseOurAgent - a.choseOurAgent || b.openOrders - a.openOrders || a.state.localeCompare(b.state));
}

/**
 * What every page, email and structured-data block may promise of our registered agent
 * (docs/decisions/0415): read from the offices the operator set, never fixed text. undefined
 * when we act in no state: then nothing is promised.
 */
export interface AgentPromise {
  /** The states with an office, sorted. */
  states: string[];
  /** "in 1 state", "in 3 states". */
  where: string;
  /** A list item: "Registered agent free for year one in 3 states". */
  short: string;
  /** A sentence: "Registered agent included for the first year in 3 states (each state's card says which)." */
  sentence: string;
}

export function agentPromise(s: Pick<OperatorSettings, 'legalName' | 'registeredAgentOffices'> | undefined): AgentPromise | undefined {
  const states = [...new Set(ourAgentStates(s))].sort();
  if (!states.length) return undefined;
  const where = `in ${states.length} ${states.length === 1 ? 'state' : 'states'}`;
  return {
    states,
    where,
    short: `Registered agent free for year one ${where}`,
    sentence: `Registered agent included for the first year ${where} (each state's card on the pricing page says which).`,
  };
}

/** The states (of `all`) where no registered-agent office is set: the owner's notice names them. */
export function missingAgentOffices(s: Pick<OperatorSettings, 'legalName' | 'registeredAgentOffices'>, all: readonly string[]): string[] {
  const offered = new Set(s.registeredAgentOffices.map((o) => o.state.toUpperCase()));
  return all.filter((code) => !offered.has(code));
}
