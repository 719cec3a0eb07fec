import data from '../data/state-links.json' with { type: 'json' };

/**
 * Each state's own pages staff open from an order (docs/product.md section 9, "State links"):
 * the business-entity search (is the name free, is the LLC on the record), the filing office's
 * business pages and its online annual report, from the US LLC State Requirements Dataset's
 * entitysearch-state-data (shared/data/state-links.json, CC BY 4.0, credited in
 * shared/data/STATES-NOTICE).
 */
export interface StateLinks {
  code: string;
  name: string;
  entitySearchUrl: string | null;
  agency: string | null;
  agencyUrl: string | null;
  annualReportUrl: string | null;
  /**
   * The state's LLC formation filing page, where the dataset names one among the record's sources
   * (docs/decisions/0419-portal-sheets.md); otherwise null and `formationFilingNote` says so.
   */
  formationFilingUrl: string | null;
  formationFilingSource: { name: string; url: string; accessed: string } | null;
  formationFilingNote: string | null;
  verifiedAt: string;
}

export const STATE_LINKS_SOURCE: string = data.source;

const byCode = new Map<string, StateLinks>(data.states.map((s) => [s.code, s as StateLinks]));

/** The links of a state (two-letter code), or undefined for a code the dataset does not have. */
export function stateLinksOf(code: string | undefined): StateLinks | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}
