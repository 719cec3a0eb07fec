import { findState } from '#shared/states.ts';
import { restrictedWordsIn } from '#shared/wizard/business-name.ts';
import data from './data/state-filing.json' with { type: 'json' };

/**
 * The per-state facts the filing documents print, copied from the US LLC State Requirements
 * Dataset into ./data/state-filing.json (credit and provenance in ./data/README.md): the
 * agency that takes an LLC formation, the state's official page, and its designator rule with
 * the statute. The filing fee is the product's own figure from the same dataset
 * (shared/states.ts), so the cover sheet matches what the customer paid for; processing times
 * and expedite tiers come from shared/state-facts/processing-times.ts (the same dataset).
 */

export interface StateFilingFacts {
  name: string;
  filingOffice: string | null;
  officialUrl: string | null;
  feeSourceUrl: string | null;
  feeLastVerified: string | null;
  designatorRule: string | null;
  designatorCitation: string | null;
  namingStatuteUrl: string | null;
}

const FACTS = data.states as Record<string, StateFilingFacts>;

/** The dataset's credit line, printed on every document that uses its facts. */
export const DATASET_CREDIT = `State facts: ${data.source}. Fees and rules change: check the state's page before filing.`;

export function stateFacts(code: string): StateFilingFacts | undefined {
  return FACTS[code.trim().toUpperCase()];
}

/** Every state and DC the product files in. */
export const ALL_STATE_CODES: readonly string[] = Object.keys(FACTS).sort();

/** The state's filing fee in dollars, as the product prices it. */
export function filingFee(code: string): number | undefined {
  return findState(code)?.filingFee;
}

/** The designators the state's rule names ("LLC", "L.L.C.", "Limited Liability Company", ...). */
export function designatorsFromRule(rule: string | null): string[] {
  if (!rule) return [];
  const found = new Set<string>();
  for (const m of rule.matchAll(/"([^"]+)"/g)) {
    const token = m[1].trim().replace(/,$/, '');
    // A lone lower-case word ("company" may be abbreviated "Co.") or a two-letter abbreviation other than LC is an abbreviation rule, not a designator.
    if (/^[a-z]+$/.test(token)) continue;
    const key = designatorKey(token);
    if (key.length <= 2 && key !== 'lc') continue;
    found.add(token);
  }
  return [...found];
}

function designatorKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/[.,]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

/** Whether the name ends with one of the state's designators (case, periods and hyphens ignored). */
export function endsWithDesignator(name: string, code: string): boolean | undefined {
  const designators = designatorsFromRule(stateFacts(code)?.designatorRule ?? null);
  if (!designators.length) return undefined;
  const key = designatorKey(name);
  return designators.some((d) => {
    const k = designatorKey(d);
    return key === k || key.endsWith(` ${k}`);
  });
}

/** Restricted words of the state's list (and the common ones) that the name contains. */
export function restrictedWords(name: string, code: string): string[] {
  return restrictedWordsIn(name, code);
}
