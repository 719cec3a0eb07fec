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

/** Everything the owner sets. `null` (or an absent link) means "not set". */
export interface OperatorSettings {
  /** The company's legal name, as registered (e.g. "Creator Filings LLC"). */
  legalName: string | null;
  /** Where the company can be reached by post: the legal pages, the footer and every email. */
  address: OperatorAddress | null;
  supportEmail: string | null;
  supportPhone: string | null;
  /** Our price for each registered-agent year after the free first one, whole US dollars. */
  registeredAgentRenewalUsd: number | null;
  /** The refund terms in the operator's words, on the Refund Policy page. */
  refundTerms: string | null;
  /** A live chat: the footer shows "Live Chat" only when set. */
  liveChatUrl: string | null;
  /** The profiles the footer links to; a network without a link is not shown. */
  socialLinks: Partial<Record<SocialNetwork, string>>;
  /** Our registered-agent offices, one per state we act in: the filing documents name the one in the filing state. */
  registeredAgentOffices: OperatorAddress[];
}

export const EMPTY_OPERATOR_SETTINGS: OperatorSettings = {
  legalName: null,
  address: null,
  supportEmail: null,
  supportPhone: null,
  registeredAgentRenewalUsd: null,
  refundTerms: null,
  liveChatUrl: null,
  socialLinks: {},
  registeredAgentOffices: [],
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

/** The labels of the settings still unset (empty when the operator is fully described). */
export function missingOperatorSettings(s: OperatorSettings): string[] {
  return (Object.keys(REQUIRED_OPERATOR_SETTINGS) as (keyof typeof REQUIRED_OPERATOR_SETTINGS)[])
    .filter((key) => s[key] === null || s[key] === undefined)
    .map((key) => REQUIRED_OPERATOR_SETTINGS[key]);
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
