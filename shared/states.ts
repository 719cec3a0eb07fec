// What the product uses of the dataset. Each state's official source URL, verification date and
// naming rule text are in ./data/state-sources.json: provenance, kept out of every bundle.

import { compareText } from './compare-text.ts';
import data from './data/states.json' with { type: 'json' };
import { lowestTotal } from './price-range.ts';
import { standardTimeOf } from './state-facts/processing-times.ts';

/** Our service fee, the same in every state (docs/product.md section 9). */
export const SERVICE_FEE = 150;
/** The filing state when the visitor has not chosen one (docs/product.md section 9). */
export const DEFAULT_STATE_CODE = 'FL';
export const POPULAR_STATE_CODES = ['FL', 'DE', 'WY', 'NV', 'TX'] as const;
/** Shown only until live pricing has loaded (docs/product.md "Wizard step 1"): $275 = 125 + 150, the total as everywhere. */
const FALLBACK_FILING_FEE = 125;
export const FALLBACK_PRICING = { filingFee: FALLBACK_FILING_FEE, serviceFee: SERVICE_FEE, totalCost: FALLBACK_FILING_FEE + SERVICE_FEE } as const;
export const STATE_DATA_SOURCE: string = data.source;

export interface StateRecord {
  code: string;
  name: string;
  filingFee: number;
  annualReportFee: number;
  annualReportDue: string;
  franchiseTaxMinimum: number | null;
  restrictedWords: string[];
}

/** A state's price as the site shows it and the API returns it (docs/product.md section 3, "State"): dollars. */
export interface StatePricing {
  /** Two letters: "FL". */
  code: string;
  name: string;
  filingFee: number;
  serviceFee: number;
  /** filingFee + serviceFee. */
  totalCost: number;
  /**
   * The state's published standard processing time, or the sentence that it publishes none, exactly
   * as the pages show it (standardTimeOf, shared/state-facts/processing-times.ts): never a default.
   */
  processingTime: string;
  /** false: the state publishes no standard time; `processingTime` says so. */
  processingTimePublished: boolean;
  /** YYYY-MM-DD: the day the state's page was read (the pages' "checked" date). */
  processingTimeCheckedOn: string;
}

const byCode = new Map<string, StateRecord>();
for (const s of data.states as StateRecord[]) if (!byCode.has(s.code)) byCode.set(s.code, s);

/** Every state once, sorted by name. */
export const STATE_RECORDS: readonly StateRecord[] = [...byCode.values()].sort((a, b) => compareText(a.name, b.name));

export function toStatePricing(s: StateRecord): StatePricing {
  const time = standardTimeOf(s.code);
  return {
    code: s.code,
    name: s.name,
    filingFee: s.filingFee,
    serviceFee: SERVICE_FEE,
    totalCost: s.filingFee + SERVICE_FEE,
    processingTime: time?.text ?? `We have no processing time for ${s.name}`,
    processingTimePublished: time?.published ?? false,
    processingTimeCheckedOn: time?.checkedOn ?? '',
  };
}

export const STATE_PRICING: readonly StatePricing[] = STATE_RECORDS.map(toStatePricing);

export function findState(code: string | undefined | null): StateRecord | undefined {
  if (!code) return undefined;
  return byCode.get(code.trim().toUpperCase());
}

export function findStatePricing(code: string | undefined | null): StatePricing | undefined {
  const s = findState(code);
  return s ? toStatePricing(s) : undefined;
}

export function stateName(code: string | undefined | null): string {
  return findState(code)?.name ?? String(code ?? '');
}

/** The lowest total (filing + service) of any state: the honest "from $N" price. */
export function cheapestTotal(states: readonly StatePricing[] = STATE_PRICING): number {
  return lowestTotal(states);
}
