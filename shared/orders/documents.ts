import { normaliseStatus } from '../application-status.ts';
import { CATALOG_DOCUMENTS } from '../catalog/catalog.ts';
import type { CATALOG } from '../catalog/entries.ts';
import type { EntryDocument, RemakeStep } from '../catalog/types.ts';

/**
 * The documents of an order (docs/product.md section 10, "Documents"): the ones we generate at
 * Start Processing (the filing packet, the operating agreement and the EIN worksheet, as bought)
 * and the ones staff upload (the state's approved document, the EIN letter, other evidence).
 * Every version is kept (docs/decisions/0150-document-versions.md). The rules here are shared by
 * the staff panel and the handlers.
 */

/**
 * What a document is: one vocabulary for the whole product. The kinds of what we sell are its
 * catalog entries' (shared/catalog/entries.ts: generated from the filing details at a staff step,
 * or uploaded by staff); besides them, any other evidence staff upload, the receipts written from
 * the order's payment and refunds when first asked for (functions/documents/order/receipts.ts),
 * and the year-end tax summary of the tax plan the customer saved.
 */
const ORDER_DOCUMENTS = [
  { kind: 'other', label: 'Other document', made: 'uploaded' },
  { kind: 'receipt', label: 'Receipt', made: 'written' },
  { kind: 'refund_receipt', label: 'Refund receipt', made: 'written' },
  { kind: 'tax_summary', label: 'Year-end tax summary for your preparer', made: 'written' },
  // The scan of a piece of mail our registered agent address received (shared/mail/mail.ts): uploaded
  // by staff, recorded only with its mail entry (POST …/mail), shown in the vault under Mail.
  { kind: 'mail_scan', label: 'Mail scan', made: 'mail' },
] as const;

type CatalogDocument = (typeof CATALOG)[number]['documents'][number];
export type DocumentKind = CatalogDocument['kind'] | (typeof ORDER_DOCUMENTS)[number]['kind'];
const ALL_DOCUMENTS: readonly { kind: DocumentKind; label: string; made: string; staffOnly?: boolean }[] = [
  ...(CATALOG_DOCUMENTS as readonly { kind: DocumentKind; label: string; made: string; staffOnly?: boolean }[]),
  ...ORDER_DOCUMENTS,
];
const kindsMade = (made: string) => ALL_DOCUMENTS.filter((d) => d.made === made).map((d) => d.kind);

export const DOCUMENT_KINDS = ALL_DOCUMENTS.map((d) => d.kind) as [DocumentKind, ...DocumentKind[]];
export type GeneratedKind = Extract<CatalogDocument, { made: 'generated' }>['kind'];
export const GENERATED_KINDS = kindsMade('generated') as GeneratedKind[];
export type UploadKind = Extract<CatalogDocument, { made: 'uploaded' }>['kind'] | 'other';
export const UPLOAD_KINDS = kindsMade('uploaded') as [UploadKind, ...UploadKind[]];

export const DOCUMENT_KIND_LABELS = Object.fromEntries(ALL_DOCUMENTS.map((d) => [d.kind, d.label])) as Record<DocumentKind, string>;

/**
 * The documents a staff action makes once it is done (decision 0395): Start Processing every one
 * the order lacks (`undefined`: no limit); Mark Filed and Record EIN the generated documents whose
 * catalog entry remakes them after that step (the Form 2553 worksheet, which prints the state's
 * filing date and the EIN), when made before them.
 */
const remadeAfter = (step: RemakeStep) =>
  (CATALOG_DOCUMENTS as readonly (EntryDocument & { kind: DocumentKind })[]).filter((d) => d.remadeAfter?.includes(step)).map((d) => d.kind);
export const DOCUMENTS_AFTER: { 'Start Processing': undefined } & Record<RemakeStep, readonly DocumentKind[]> = {
  'Start Processing': undefined,
  // The generated documents of the catalog that say so (shared/catalog/entries.ts `remadeAfter`).
  'Mark Filed': remadeAfter('Mark Filed'),
  'Record EIN': remadeAfter('Record EIN'),
};
export type DocumentsAfterAction = keyof typeof DOCUMENTS_AFTER;

export function makesDocuments(action: string | undefined): action is DocumentsAfterAction {
  return action !== undefined && Object.hasOwn(DOCUMENTS_AFTER, action);
}

/**
 * Staff-only kinds: the cover sheet is our filing checklist, and the EIN worksheet our SS-4
 * line-by-line answers for staff; the customer gets the plain-language EIN application summary.
 */
export const STAFF_ONLY_KINDS: readonly DocumentKind[] = ALL_DOCUMENTS.filter((d) => d.staffOnly).map((d) => d.kind);

/** The kinds staff may mark as the version filed with the state. */
export const FILEABLE_KINDS: readonly DocumentKind[] = ['formation', 'formation_worksheet'];

/** An uploaded file may be at most this large (a state-stamped PDF is usually well under 1 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** A download link works this long, then the store refuses it. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;
/** An upload link works this long. */
export const UPLOAD_LINK_SECONDS = 10 * 60;

const GENERATION_STATUSES = ['processing', 'filed', 'completed'];

/**
 * Why documents cannot be generated for this order now, or undefined when they can: only a
 * paid order with complete filing details, once staff started processing it.
 */
export function documentsBlocker(app: { status?: string | null; paymentStatus?: string | null; detailsCompletedAt?: string | null }): string | undefined {
  if (app.paymentStatus !== 'paid') return 'Not paid yet: documents are generated only for paid orders';
  if (!app.detailsCompletedAt) return 'The customer has not completed the filing details yet';
  if (!GENERATION_STATUSES.includes(normaliseStatus(app.status))) return 'Documents are generated when staff start processing the order';
  return undefined;
}

/** Why a file picked in the browser cannot be uploaded, or undefined. The server checks its bytes again. */
export function uploadFileProblem(file: { type: string; size: number; name: string }): string | undefined {
  const pdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdf) return 'Only PDF files can be uploaded';
  if (file.size === 0) return 'The file is empty';
  if (file.size > MAX_UPLOAD_BYTES) return `The file is too large: at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
  return undefined;
}

/** Whether a file's first bytes are a PDF header (`%PDF-`): an HTML page or script renamed .pdf is not. */
export function looksLikePdf(head: Uint8Array): boolean {
  const signature = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return head.length >= signature.length && signature.every((b, i) => head[i] === b);
}
