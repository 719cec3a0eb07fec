import type { AddOnKey } from '#shared/catalog/catalog.ts';
import type { Address } from '#shared/filing/details.schema.ts';
import type { DocumentBlocker } from '#shared/orders/document-blockers.ts';
import type { Form2553Facts } from './form-2553-worksheet.ts';

/**
 * What the generators need to know about the order besides its filing details: the paid
 * application as staff see it. Built by the caller from the application record.
 */
export interface OrderSummary {
  applicationId: string;
  /** The business name exactly as the customer entered it (with its designator, e.g. "LLC"). */
  businessName: string;
  /** Two-letter code of the filing state, e.g. "FL". */
  filingState: string;
  stateName: string;
  /** Every add-on of the catalog, bought or not (as sold: the order frozen at payment). */
  addOns: Partial<Record<AddOnKey, boolean>>;
  /** The DBA add-on's creator name and, where a county files it, the county. */
  dbaName?: string;
  dbaCounty?: string;
  /** ISO date-time of the recorded payment; also the documents' creation date. */
  paidAt: string;
  contact: { firstName: string; lastName: string; email: string; phone: string };
  /** The platforms the creator named in the wizard, as labels ("YouTube"). */
  platforms: string[];
  /** The Form 2553 worksheet's facts (the order bought it): the LLC's start, its EIN once recorded, the day it is made. */
  form2553?: Form2553Facts;
}

/**
 * Our registered agent in the filing state: an operator setting, passed in by the caller.
 * The generators never invent one: without it an order that chose our agent shows the gap.
 */
export interface OurRegisteredAgent {
  name: string;
  address: Address;
}

export type FilingDocumentKind = 'cover_sheet' | 'formation_document' | 'formation_worksheet';
export type DocumentKind = FilingDocumentKind | 'operating_agreement' | 'ein_worksheet' | 'ein_summary' | 'form_2553_worksheet';

export interface GeneratedDocument<K extends DocumentKind = DocumentKind> {
  kind: K;
  title: string;
  /** ASCII only, safe for a Content-Disposition header and an S3 key. */
  fileName: string;
  bytes: Uint8Array;
}

export interface FilingPacket {
  documents: GeneratedDocument<FilingDocumentKind>[];
  /**
   * What the formation document lacks or staff must settle before filing (a missing value, an
   * agent outside the state, a name without its designator). Empty when nothing was found.
   * The same lines appear on the cover sheet.
   */
  problems: string[];
  /**
   * The missing items among them: each would leave a gap in a document the customer sees, so
   * the documents are not stored while any is left (functions/order-documents/generate.ts).
   */
  blockers: DocumentBlocker[];
}
