// The creator's handle as a registered business name (a DBA: "doing business as"), per state, from
// the dataset's dba-rules namespace (copied by scripts/data/import-dataset.ts into
// ../data/dba-rules.json; credit in ../data/STATES-NOTICE and the README).
import dbaData from '../data/dba-rules.json' with { type: 'json' };
import { restrictedWordsIn } from '../wizard/business-name.ts';
import { normalizeCode } from './codes.ts';
import type { FactSource } from './facts.ts';

/** Which office takes an LLC's filing: the state, a county, the state or a county by owner type, or none. */
export type DbaFilingLevel = 'state' | 'county' | 'split' | 'none';

export interface DbaRule {
  code: string;
  name: string;
  /** What the state's own statute calls it: "assumed name", "trade name", "fictitious business name". */
  term: string;
  filingLevel: DbaFilingLevel;
  llcFilesWith: string;
  /** The fixed statewide fee on the LLC's path; null where each county sets its own. */
  llcFee: number | null;
  feeBasis: string;
  duration: string;
  renewalRule: string | null;
  publicationRequired: boolean;
  publicationRule: string | null;
  protectionLevel: 'none' | 'county-presumption' | 'exclusive-registration';
  protectionNote: string;
  searchUrl: string | null;
  filingUrl: string | null;
  statuteCitation: string;
  statuteUrl: string;
  source: FactSource;
}

const RULES: ReadonlyMap<string, DbaRule> = new Map(
  dbaData.states.map((s) => [
    s.code,
    {
      ...(s as Omit<DbaRule, 'source' | 'filingLevel' | 'protectionLevel'>),
      filingLevel: s.filingLevel as DbaFilingLevel,
      protectionLevel: s.protectionLevel as DbaRule['protectionLevel'],
      source: { name: s.source.name, url: s.source.url, verifiedAt: s.verifiedAt },
    },
  ]),
);

export function dbaRuleFor(state: string): DbaRule | undefined {
  const code = normalizeCode(state);
  return code ? RULES.get(code) : undefined;
}

/** The line every DBA offer shows beside the price: what a DBA does not give. */
export const DBA_PROTECTION_LINE = 'A DBA gives no exclusive right to the name in most states; a trademark does.';

/**
 * What we can do with a creator's name in a state:
 * - `state`: one filing with the state at a fixed fee (the LLC's path of a "split" state included);
 * - `county`: a filing with the county clerk where the business is, the fee fixed statewide
 *   (`countyFee`) or set by each county (null: quoted after we know the county);
 * - `none`: the state keeps no register of business names: there is nothing to file.
 */
export type DbaOffer =
  | { kind: 'none'; rule: DbaRule }
  | { kind: 'state'; rule: DbaRule; stateFee: number }
  | { kind: 'county'; rule: DbaRule; countyFee: number | null };

export function dbaOffer(state: string): DbaOffer | undefined {
  const rule = dbaRuleFor(state);
  if (!rule) return undefined;
  if (rule.filingLevel === 'none') return { kind: 'none', rule };
  // A split state's LLC path is the statewide one where the dataset gives it a fixed fee.
  if (rule.filingLevel === 'state' || (rule.filingLevel === 'split' && rule.llcFee !== null)) {
    return { kind: 'state', rule, stateFee: rule.llcFee ?? 0 };
  }
  return { kind: 'county', rule, countyFee: rule.llcFee };
}

/** The government's fee we charge with the add-on (0 where the county sets it and it is quoted after). */
export function dbaGovernmentFee(offer: DbaOffer): number {
  return offer.kind === 'state' ? offer.stateFee : offer.kind === 'county' ? (offer.countyFee ?? 0) : 0;
}

/**
 * When the registration runs out, from the dataset's `duration` words: "5 years (from filing)",
 * "Annual renewal", "Through December 31 of the 5th year", "Through December 31 of the fifth full
 * calendar year after filing". Undefined when it does not expire, or when the words give no date
 * we can compute (the calendar then says to check the state's rule).
 */
export function dbaExpiry(rule: DbaRule, filedOn: string): string | undefined {
  const d = rule.duration.trim();
  const year = Number(filedOn.slice(0, 4));
  const years = /^(\d+) years?( from filing)?$/i.exec(d);
  if (years) return `${year + Number(years[1])}${filedOn.slice(4)}`;
  if (/^annual renewal$/i.test(d)) return `${year + 1}${filedOn.slice(4)}`;
  if (/^through december 31 of the 5th year$/i.test(d)) return `${year + 4}-12-31`;
  if (/^through december 31 of the fifth full calendar year after filing$/i.test(d)) return `${year + 5}-12-31`;
  return undefined;
}

/** One sentence on the fee: "Wyoming's fee: $100." or why there is no fixed one. */
export function dbaFeeSentence(offer: DbaOffer): string {
  const state = offer.rule.name;
  if (offer.kind === 'none') return `${state} keeps no register of business names: there is nothing to file, and no fee.`;
  if (offer.kind === 'state') return `${state}'s filing fee: $${offer.stateFee}.`;
  if (offer.countyFee !== null) return `Filed with the county clerk where your business is; the fee is $${offer.countyFee} in every county.`;
  return `Filed with the county clerk where your business is; each county sets its own fee, which we quote once we know the county and you pay only then. ${offer.rule.feeBasis}`;
}

/** One sentence on publication, or undefined where the state asks none. */
export function dbaPublicationSentence(rule: DbaRule): string | undefined {
  if (!rule.publicationRequired) return undefined;
  return `${rule.name} also requires newspaper publication, paid at the newspaper's rate, which our data does not hold (we quote it with the filing): ${rule.publicationRule ?? 'see the state statute'}`;
}

export type DbaNameResult = { ok: true; name: string } | { ok: false; name: string; reason: string };

/**
 * A creator's handle or channel name as a DBA: the "@" of a handle dropped, at least one letter,
 * at most 100 characters, and none of the words the filing state reserves for regulated
 * businesses (the same list the LLC's own name is checked against).
 */
export function checkDbaName(raw: string, stateCode: string | undefined): DbaNameResult {
  const name = raw.normalize('NFC').replace(/^@+/, '').replace(/\s+/g, ' ').trim();
  if (!/\p{L}/u.test(name)) return { ok: false, name, reason: 'Enter your creator name with at least one letter.' };
  if (name.length > 100) return { ok: false, name, reason: 'A registered name is limited to 100 characters.' };
  const restricted = restrictedWordsIn(name, stateCode);
  if (restricted.length) {
    const list = restricted.map((w) => `"${w}"`).join(', ');
    return { ok: false, name, reason: `Names containing ${list} need a state regulator's approval, so we can't register them as a DBA.` };
  }
  return { ok: true, name };
}

/** The state's word for a DBA with its article: "a fictitious name", "an assumed name". */
export function dbaTermWithArticle(rule: Pick<DbaRule, 'term'>): string {
  return `${/^[aeiou]/i.test(rule.term) ? 'an' : 'a'} ${rule.term}`;
}
