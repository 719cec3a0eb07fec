/**
 * Why an order's documents could not be made (docs/product.md section 10, "Documents"): a value
 * a customer-visible document would otherwise print as a gap, or a failure while writing one.
 * Staff read each reason in the order's documents panel; the order is not filed or completed
 * until the documents exist. A code says what kind of fix it needs, `field` which value.
 */
export const DOCUMENT_BLOCKER_CODES = [
  /** The order chose our registered agent and the operator's settings hold no office in the filing state. */
  'our_agent_not_configured',
  /** The named registered agent's address is outside the filing state. */
  'agent_outside_state',
  /** The order chose the privacy filing and the operator's settings hold no privacy address and organizer. */
  'privacy_filing_not_configured',
  /** The order chose the privacy filing in a state where the state data does not allow it. */
  'privacy_filing_unavailable',
  /** A value the state's form asks for is not on the order (the county, a manager...). */
  'value_missing',
  /** The order bought the EIN and its filing details have no EIN answers. */
  'ein_answers_missing',
  /** Writing a document failed (the reason says which and why). */
  'generation_failed',
] as const;
export type DocumentBlockerCode = (typeof DOCUMENT_BLOCKER_CODES)[number];

export interface DocumentBlocker {
  code: DocumentBlockerCode;
  /** The value concerned, as the cover sheet's checklist names it ("Registered agent", "County"). */
  field?: string;
  /** A sentence for staff: what is wrong and what to do. */
  reason: string;
}

/** The last attempt at making an order's documents failed: when, and why. Cleared by a successful generation. */
export interface DocumentsProblem {
  at: string;
  blockers: DocumentBlocker[];
}

/** One line per blocker, for an activity entry or an error sentence. */
export function blockerSentence(blockers: readonly DocumentBlocker[]): string {
  return blockers.map((b) => (b.field && !b.reason.startsWith(b.field) ? `${b.field}: ${b.reason}` : b.reason)).join('; ');
}
