import { orderNumber } from '#shared/orders/conversation.schema.ts';
import type { DocumentLink } from '#shared/orders/documents.schema.ts';
import type { ApplicationItem } from '../../data/applications/item.ts';
import { logger } from '../../lib/logger.ts';
import { orderElection } from './election-view.ts';
import { deleteObject, downloadLink, objectSize, orderDocumentKey, putDocument } from './storage.ts';
import { taxSummaryDocument } from './tax-summary.ts';

const electionOf = (app: ApplicationItem) => {
  const election = orderElection(app);
  return election ? { election: election.headline } : {};
};

/**
 * The year-end tax summary's PDF (./tax-summary.ts), written from the saved plan the first time
 * it is asked for and kept under the summary's id: the same save always downloads the same file.
 * Only the download routes import this, so the renderer and its fonts stay out of the others.
 */
export async function taxSummaryLink(app: ApplicationItem, documentId: string): Promise<DocumentLink | undefined> {
  const summary = taxSummaryDocument(app);
  if (!summary || summary.id !== documentId || !app.savedTaxPlan) return undefined;
  const key = orderDocumentKey(app.id, summary.id);
  const fileName = `tax-summary-${app.savedTaxPlan.request.year}-${orderNumber(app.id)}.pdf`;
  if ((await objectSize(key)) === undefined) {
    const { taxSummaryPdf } = await import('../tax-summary.ts');
    const made = await taxSummaryPdf({
      orderNumber: orderNumber(app.id),
      businessName: app.businessName ?? '',
      customerName: [app.firstName, app.lastName].filter(Boolean).join(' '),
      saved: app.savedTaxPlan,
      ...(app.payers?.length ? { payers: app.payers } : {}),
      ...electionOf(app),
    });
    await putDocument(key, made.bytes, fileName);
  }
  return downloadLink(key, fileName);
}

/**
 * Deletes the summary PDF of a plan that was replaced or removed (`before`: the order as read
 * before the write), so its figures do not outlive it in the bucket (the bucket keeps a deleted
 * object's version 90 days, as for every document). Best effort: the plan is already written, so
 * a failure is logged, not answered.
 */
export async function dropTaxSummary(before: Pick<ApplicationItem, 'id' | 'savedTaxPlan'>): Promise<void> {
  const summary = taxSummaryDocument(before);
  if (!summary) return;
  await deleteObject(orderDocumentKey(before.id, summary.id)).catch((err: unknown) =>
    logger.warn('replaced tax summary not deleted', { applicationId: before.id, error: err as Error }),
  );
}
