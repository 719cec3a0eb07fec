import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { DocumentBlocker } from '#shared/orders/document-blockers.ts';
import { einSummary } from './ein-summary.ts';
import { einWorksheet } from './ein-worksheet.ts';
import { filingPacket } from './filing-packet.ts';
import { form2553Worksheet } from './form-2553-worksheet.ts';
import { operatingAgreement } from './operating-agreement.ts';
import type { GeneratedDocument, OrderSummary, OurRegisteredAgent } from './types.ts';

/**
 * Every document an order needs: the filing packet, plus the operating agreement, the EIN
 * worksheet and the Form 2553 worksheet when the order bought those add-ons. `problems` lists what staff must settle first
 * (the cover sheet's list); `blockers` are the ones that leave a gap in a document the customer
 * sees (no agent of ours in the state, no county...), each with a code and a reason for staff:
 * such documents are never stored (functions/order-documents/generate.ts refuses with them).
 */
export async function orderDocuments(
  order: OrderSummary,
  details: StoredFilingDetails,
  ourAgent?: OurRegisteredAgent | null,
): Promise<{ documents: GeneratedDocument[]; problems: string[]; blockers: DocumentBlocker[] }> {
  const packet = await filingPacket(order, details, ourAgent);
  const documents: GeneratedDocument[] = [...packet.documents];
  const problems = [...packet.problems];
  const blockers = [...packet.blockers];
  if (order.addOns.operatingAgreement) documents.push(await operatingAgreement(order, details));
  if (order.addOns.feinFiling) {
    // The SS-4 worksheet is for staff; the customer's vault gets the plain-language summary.
    if (details.ein) documents.push(await einWorksheet(order, details), await einSummary(order, details));
    else {
      const reason = 'The order includes the EIN application and its filing details have no EIN section: ask the customer to complete the filing details.';
      problems.push(`Missing: EIN answers - ${reason}`);
      blockers.push({ code: 'ein_answers_missing', field: 'EIN answers', reason });
    }
  }
  if (order.addOns.form2553) {
    if (order.form2553) documents.push(await form2553Worksheet(order, details, order.form2553));
    else {
      const reason = 'The order includes the Form 2553 worksheet and has no formation date yet (no payment or filing date recorded).';
      problems.push(`Missing: Form 2553 facts - ${reason}`);
      blockers.push({ code: 'value_missing', field: 'Form 2553', reason });
    }
  }
  return { documents, problems, blockers };
}
