import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { ConflictError } from '../../lib/errors.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, type StoredDocument, updateWith, versionOf, whyNotWritten } from './item.ts';

/**
 * The order's documents (docs/product.md section 10, "Documents"): every version recorded on the
 * item, and the sealed tax id deleted once the EIN letter is on file.
 */

export const documentsNotPaid = () => new ConflictError('Not paid yet: documents are generated only for paid orders', 'order_not_paid');

/**
 * Documents recorded on the order (docs/product.md section 10, "Documents"): `added` appended to
 * the list read with `app`, at its version, only while the order is paid, with an activity entry
 * and the staff person's audit entry in the same transaction. Each gets the next version number
 * of its kind; no version is ever removed. `filedId` marks that document as the version filed
 * with the state (the other versions of its kind lose the mark); `fileNumber` is kept on the
 * order too when it has none yet. 409 order_not_paid, or version_conflict (read again, decide
 * again). Returns the order as written.
 */
export async function recordDocuments(
  app: ApplicationItem,
  added: Omit<StoredDocument, 'version'>[],
  opts: {
    activity: { action: 'documents_generated' | 'document_uploaded'; text: string };
    actor?: AuditActor;
    filedId?: string;
    fileNumber?: string;
  },
): Promise<ApplicationItem> {
  const now = new Date().toISOString();
  let documents: StoredDocument[] = [...(app.documents ?? [])];
  for (const doc of added) documents.push({ ...doc, version: documents.filter((d) => d.kind === doc.kind).length + 1 });
  const filed = opts.filedId ? documents.find((d) => d.id === opts.filedId) : undefined;
  if (filed)
    documents = documents.map((d) => {
      if (d.kind !== filed.kind) return d;
      const { filed: _mark, ...rest } = d;
      return d.id === filed.id ? { ...rest, filed: true } : rest;
    });
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('documents', documents)
    .set('updatedAt', now);
  const fileNumber = opts.fileNumber && !app.fileNumber ? opts.fileNumber : undefined;
  if (fileNumber) change.set('fileNumber', fileNumber);
  const alongside: TransactItem[] = [activityPut(opts.activity.action, opts.activity.text, app.id)];
  if (opts.actor)
    alongside.push(
      auditPut({
        actor: opts.actor,
        action: opts.activity.action === 'document_uploaded' ? 'document_uploaded' : 'document_generated',
        applicationId: app.id,
        subject: added.map((d) => d.title).join(', '),
        after: {
          documents: added.map((d) => ({ id: d.id, kind: d.kind, key: d.key, size: d.size })),
          ...(filed ? { filed: filed.id } : {}),
          ...(opts.fileNumber ? { fileNumber: opts.fileNumber } : {}),
        },
      }),
    );
  if (!(await updateWith(change, alongside)))
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile('the documents were recorded')));
  return { ...app, documents, ...(fileNumber ? { fileNumber } : {}), updatedAt: now, version: versionOf(app) + 1 };
}

/**
 * The EIN letter is recorded: the sealed tax id is deleted for good and the stored details say
 * so (the last four digits stay, for the worksheet). One transaction with its activity entry.
 */
export async function deleteTaxId(app: ApplicationItem): Promise<void> {
  if (!app.sealedTaxId) return;
  const change = new ItemUpdate(app.id).atVersion(versionOf(app)).remove('sealedTaxId').set('updatedAt', new Date().toISOString());
  const rp = app.filingDetails?.ein?.responsibleParty;
  if (app.filingDetails?.ein && rp)
    change.set('filingDetails', { ...app.filingDetails, ein: { ...app.filingDetails.ein, responsibleParty: { ...rp, taxIdDeleted: true } } });
  const done = await updateWith(change, [activityPut('tax_id_deleted', `The tax id of ${displayName(app)} was deleted: the EIN letter is on file`, app.id)]);
  if (!done) throw await whyNotWritten(app.id, () => changedMeanwhile('the tax id was deleted'));
}
