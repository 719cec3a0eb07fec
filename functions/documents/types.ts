import type { AddOnKey } from '#shared/catalog/catalog.ts';
import type { Address, StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { DocumentBlocker } from '#shared/orders/document-blockers.ts';
import type { GeneratedKind } from '#shared/orders/documents.ts';

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

/** When the LLC's first tax year starts and whether it is the state's filing date or, until the state files, the payment date. */
export interface Form2553Facts {
  formation: { date: string; from: 'filing' | 'payment' };
  /** The EIN the IRS assigned, once staff recorded it. */
  ein?: string;
  /** YYYY-MM-DD: the day the worksheet is made (whether the election is late is counted from it). */
  today: string;
}

/**
 * Our registered agent in the filing state: an operator setting, passed in by the caller.
 * The generators never invent one: without it an order that chose our agent shows the gap.
 */
export interface OurRegisteredAgent {
  name: string;
  address: Address;
}

/**
 * Our legal name, address and organizer for a privacy filing: an operator setting, passed in by
 * the caller. An order that chose the privacy filing without it shows the gap.
 */
export interface OurPrivacyFiling {
  legalName: string;
  address: Address;
  organizer: string;
}

/** The kinds of the filing packet: the cover sheet, and the state's formation document or the worksheet in its place. */
export type FilingDocumentKind = Extract<GeneratedKind, 'cover_sheet' | 'formation' | 'formation_worksheet'>;

/** A generated PDF, of one of the product's generated kinds (shared/orders/documents.ts). */
export interface GeneratedDocument<K extends GeneratedKind = GeneratedKind> {
  kind: K;
  title: string;
  /** ASCII only, safe for a Content-Disposition header and an S3 key. */
  fileName: string;
  bytes: Uint8Array;
}

/**
 * What a generator made: its documents, what staff must settle first (the cover sheet's list), and
 * the blockers, each leaving a gap in a document the customer sees: such documents are never
 * stored (functions/documents/order/generate.ts refuses with them).
 */
export interface Made<K extends GeneratedKind = GeneratedKind> {
  documents: GeneratedDocument<K>[];
  problems: string[];
  blockers: DocumentBlocker[];
}

/**
 * Writes the documents of one or more generated kinds from the order, its filing details, our
 * registered agent in the filing state (null when none is set) and our privacy filing's address
 * and organizer (null when unset), or says what is missing
 * (./generators.ts keys one by each kind it writes).
 */
export type Generator = (
  order: OrderSummary,
  details: StoredFilingDetails,
  ourAgent: OurRegisteredAgent | null,
  ourPrivacy?: OurPrivacyFiling | null,
) => Promise<Made>;

export interface FilingPacket extends Made<FilingDocumentKind> {
  documents: GeneratedDocument<FilingDocumentKind>[];
  /**
   * What the formation document lacks or staff must settle before filing (a missing value, an
   * agent outside the state, a name without its designator). Empty when nothing was found.
   * The same lines appear on the cover sheet.
   */
  problems: string[];
  /**
   * The missing items among them: each would leave a gap in a document the customer sees, so
   * the documents are not stored while any is left (functions/documents/order/generate.ts).
   */
  blockers: DocumentBlocker[];
}
