import type { DocumentLink } from '#shared/orders/documents.schema.ts';
import type { ApplicationItem, StoredDocument } from '../../data/applications/item.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { receiptLink } from './receipt-link.ts';
import { downloadLink } from './storage.ts';
import { taxSummaryLink } from './tax-summary-link.ts';
import { vaultDocuments } from './view.ts';

/**
 * Download links for an order's documents: presigned, valid DOWNLOAD_LINK_SECONDS (5 minutes),
 * always a PDF attachment. The customer's link only for a document of their vault; staff for any.
 */

const documentNotFound = () => new NotFoundError('Document not found', 'document_not_found');

function linkTo(doc: StoredDocument | undefined): Promise<DocumentLink> {
  if (!doc) throw documentNotFound();
  return downloadLink(doc.key, doc.fileName);
}

/** GET /api/orders/{id}/documents/{documentId} (the order's holder, already checked by the caller). */
export async function vaultLink(app: ApplicationItem, documentId: string): Promise<DocumentLink> {
  return (await receiptLink(app, documentId)) ?? (await taxSummaryLink(app, documentId)) ?? linkTo(vaultDocuments(app).find((d) => d.id === documentId));
}

/** GET /api/staff/applications/{id}/documents/{documentId}: any version, a receipt, or the tax summary. */
export async function staffLink(app: ApplicationItem, documentId: string): Promise<DocumentLink> {
  return (await receiptLink(app, documentId)) ?? (await taxSummaryLink(app, documentId)) ?? linkTo(app.documents?.find((d) => d.id === documentId));
}
