import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { einSummary } from './ein-summary.ts';
import { einWorksheet } from './ein-worksheet.ts';
import { filingPacket } from './filing-packet.ts';
import { operatingAgreement } from './operating-agreement.ts';
import type { GeneratedDocument, OrderSummary, OurRegisteredAgent } from './types.ts';

/**
 * Every document an order needs: the filing packet, plus the operating agreement and the EIN
 * worksheet when the order bought those add-ons. `problems` lists what staff must settle first
 * (the cover sheet's list); `blockers` are the ones that leave a gap in a document the customer
 * sees (a "Missing:" item: no agent of ours in the state, no county...): such documents are
 * never stored (functions/order-documents/generate.ts refuses with these sentences).
 */
export async function orderDocuments(
  order: OrderSummary,
  details: StoredFilingDetails,
  ourAgent?: OurRegisteredAgent | null,
): Promise<{ documents: GeneratedDocument[]; problems: string[]; blockers: string[] }> {
  const packet = await filingPacket(order, details, ourAgent);
  const documents: GeneratedDocument[] = [...packet.documents];
  const problems = [...packet.problems];
  if (order.addOns.operatingAgreement) documents.push(await operatingAgreement(order, details));
  if (order.addOns.feinFiling) {
    // The SS-4 worksheet is for staff; the customer's vault gets the plain-language summary.
    if (details.ein) documents.push(await einWorksheet(order, details), await einSummary(order, details));
    else problems.push('Missing: EIN answers - the order includes the EIN application and its filing details have no EIN section.');
  }
  return { documents, problems, blockers: problems.filter((p) => p.startsWith('Missing:')) };
}
