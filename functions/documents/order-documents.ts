import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { owedEntries } from '#shared/orders/deliverables.ts';
import type { DocumentBlocker } from '#shared/orders/document-blockers.ts';
import type { GeneratedKind } from '#shared/orders/documents.ts';
import { GENERATORS } from './generators.ts';
import type { GeneratedDocument, Generator, OrderSummary, OurPrivacyFiling, OurRegisteredAgent } from './types.ts';

/**
 * The generated kinds the order owes: those of every catalog entry it owes (shared/orders/
 * deliverables.ts `owedEntries`, from what was sold), whether or not the order holds what they
 * are made from yet: their generator says what is missing.
 */
export function owedKinds(order: OrderSummary, details: StoredFilingDetails): Set<GeneratedKind> {
  const entries = owedEntries({ ...order.addOns, state: order.filingState, filingDetails: details });
  return new Set(entries.flatMap((e) => e.documents).flatMap((d) => (d.made === 'generated' ? [d.kind as GeneratedKind] : [])));
}

/**
 * Every document an order needs: the filing packet, plus the documents of each add-on it bought
 * that makes any (the operating agreement, the EIN worksheet and summary, the Form 2553
 * worksheet), each written by its generator (./generators.ts). `problems` lists what staff must
 * settle first (the cover sheet's list); `blockers` are the ones that leave a gap in a document the
 * customer sees (no agent of ours in the state, no county, no EIN answers...), each with a code and
 * a reason for staff: such documents are never stored (functions/documents/order/generate.ts
 * refuses with them).
 */
export async function orderDocuments(
  order: OrderSummary,
  details: StoredFilingDetails,
  ourAgent?: OurRegisteredAgent | null,
  ourPrivacy?: OurPrivacyFiling | null,
): Promise<{ documents: GeneratedDocument[]; problems: string[]; blockers: DocumentBlocker[] }> {
  const owed = owedKinds(order, details);
  const ran = new Set<Generator>();
  const documents: GeneratedDocument[] = [];
  const problems: string[] = [];
  const blockers: DocumentBlocker[] = [];
  for (const [kind, generate] of Object.entries(GENERATORS) as [GeneratedKind, Generator][]) {
    if (!owed.has(kind) || ran.has(generate)) continue;
    ran.add(generate);
    const made = await generate(order, details, ourAgent ?? null, ourPrivacy ?? null);
    documents.push(...made.documents);
    problems.push(...made.problems);
    blockers.push(...made.blockers);
  }
  return { documents, problems, blockers };
}
