import type { ApplicationItem } from '../../data/applications/item.ts';
import { stableId } from './receipts.ts';

/**
 * The year-end tax summary of an order's vault (docs/product.md "Tax planner"): one document for
 * the tax plan saved on the order, with an id derived from the save, so the vault lists it from
 * the order alone. Its PDF is written the first time it is asked for and kept under that id
 * (./tax-summary-link.ts); saving the plan again makes a new summary, and only the newest is listed.
 */
export interface TaxSummaryDocument {
  id: string;
  kind: 'tax_summary';
  title: string;
  createdAt: string;
}

export function taxSummaryDocument(app: Pick<ApplicationItem, 'id' | 'savedTaxPlan' | 'payers' | 'sCorpElection'>): TaxSummaryDocument | undefined {
  const saved = app.savedTaxPlan;
  if (!saved) return undefined;
  // Its "Payers and forms" section follows the payer list and the election: a change of either is a new summary.
  const also = [...(app.payers ?? []).map((p) => `${p.id}@${p.updatedAt}`), app.sCorpElection ? JSON.stringify(app.sCorpElection) : ''].join(',');
  return {
    id: stableId(`tax-summary:${app.id}:${saved.savedAt}${also.replace(/,+$/, '') ? `:${also}` : ''}`),
    kind: 'tax_summary',
    title: `Year-end tax summary ${saved.request.year}`,
    createdAt: saved.savedAt,
  };
}
