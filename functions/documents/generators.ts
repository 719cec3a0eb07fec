import type { GeneratedKind } from '#shared/orders/documents.ts';
import { einDocuments } from './ein-worksheet.ts';
import { filingPacket } from './filing-packet.ts';
import { form2553Document } from './form-2553-worksheet.ts';
import { operatingAgreementDocument } from './operating-agreement.ts';
import type { Generator } from './types.ts';

/**
 * The generator of each generated kind of document (shared/orders/documents.ts `GeneratedKind`,
 * the kinds the catalog's entries make). A kind the catalog adds does not compile until it has
 * its generator here. One generator may write several kinds at once: the filing packet writes
 * the cover sheet with the state's formation document or, where we hold no form of the state,
 * the formation worksheet; the EIN documents are the worksheet and the customer's summary. It is
 * run once per order, and the order of the keys is the order of the documents.
 */
export const GENERATORS = {
  cover_sheet: filingPacket,
  formation: filingPacket,
  formation_worksheet: filingPacket,
  operating_agreement: operatingAgreementDocument,
  ein_worksheet: einDocuments,
  ein_summary: einDocuments,
  form_2553_worksheet: form2553Document,
} as const satisfies Record<GeneratedKind, Generator>;
