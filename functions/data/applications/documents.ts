import { blockerSentence, type DocumentsProblem } from '#shared/orders/document-blockers.ts';
import { queueStageOf } from '#shared/staff/work-queue.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { ConflictError } from '../../lib/errors.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, type StoredDocument, updateWith, versionOf, whyNotWritten } from './item.ts';
import { w9UpdateEmailPuts } from './w9-update.ts';

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
    /** Email the customer about this delivery (the state-stamped document), from the same transaction. */
    notify?: { title: string; detail: string };
    /** The IRS acceptance letter (CP261): the S-corporation election is in effect from this date. */
    election?: { effectiveOn: string; letterId: string; by: string };
  },
): Promise<ApplicationItem> {
  const now = new Date().toISOString();
  const election = opts.election
    ? { ...(app.sCorpElection ?? {}), effectiveOn: opts.election.effectiveOn, letterId: opts.election.letterId, recordedAt: now, recordedBy: opts.election.by }
    : undefined;
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
  // Generated documents settle an earlier failure.
  if (opts.activity.action === 'documents_generated' && app.documentsProblem) change.remove('documentsProblem');
  const fileNumber = opts.fileNumber && !app.fileNumber ? opts.fileNumber : undefined;
  if (fileNumber) change.set('fileNumber', fileNumber);
  if (election) change.set('sCorpElection', election);
  // The state's stamped document moves a filed order from "waiting on the state" on (shared/staff/work-queue.ts).
  const stage = queueStageOf({ ...app, documents });
  if (stage !== app.queue) change.queueAt(stage, now);
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
          ...(election ? { electionEffectiveOn: election.effectiveOn } : {}),
        },
      }),
    );
  // The registered DBA dates its renewal: its reminders start with the record (unless the customer turned reminders off).
  if (added.some((d) => d.kind === 'dba_registration') && !app.remindersUnsubscribedAt)
    alongside.push(...(await import('../reminders.ts')).dbaReminderPuts({ ...app, documents }));
  // The election in effect: the payers to give the new W-9, in one email (docs/decisions/0432).
  if (election && election.effectiveOn !== app.sCorpElection?.effectiveOn) alongside.push(...w9UpdateEmailPuts(app, election.effectiveOn));
  if (opts.notify && app.email)
    alongside.push(
      outboxPut({
        kind: 'deliverable_ready',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `deliverable:${app.id}:${added.map((d) => d.id).join(',')}`,
        payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '', ...opts.notify },
      }),
    );
  if (!(await updateWith(change, alongside)))
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile('the documents were recorded')));
  const { documentsProblem: _settled, ...rest } = app;
  const written = opts.activity.action === 'documents_generated' ? rest : app;
  const queued = stage === app.queue ? {} : { queue: stage, queueSince: stage ? now : undefined };
  return {
    ...written,
    documents,
    ...(fileNumber ? { fileNumber } : {}),
    ...(election ? { sCorpElection: election } : {}),
    ...queued,
    updatedAt: now,
    version: versionOf(app) + 1,
  };
}

/**
 * Staff record the EIN the IRS assigned with its confirmation letter (an uploaded PDF): one
 * transaction at the version read, only while the order is paid. It sets the EIN, adds the
 * letter as the next version of its kind, deletes the sealed SSN/ITIN for good (the stored
 * details keep that it was deleted), and writes the activity entry, the audit entry (never the
 * tax id) and the customer's email. 409 order_not_paid or version_conflict.
 */
export async function recordEin(
  app: ApplicationItem,
  input: { ein: string; letter: Omit<StoredDocument, 'version'> },
  actor: AuditActor,
): Promise<ApplicationItem> {
  const now = new Date().toISOString();
  const documents: StoredDocument[] = [...(app.documents ?? [])];
  documents.push({ ...input.letter, version: documents.filter((d) => d.kind === input.letter.kind).length + 1 });
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('ein', input.ein)
    .set('einRecordedAt', now)
    .set('documents', documents)
    .set('updatedAt', now);
  const rp = app.filingDetails?.ein?.responsibleParty;
  let filingDetails = app.filingDetails;
  if (app.sealedTaxId) {
    change.remove('sealedTaxId');
    if (app.filingDetails?.ein && rp) {
      filingDetails = { ...app.filingDetails, ein: { ...app.filingDetails.ein, responsibleParty: { ...rp, taxIdDeleted: true } } };
      change.set('filingDetails', filingDetails);
    }
  }
  const name = displayName(app);
  const alongside: TransactItem[] = [
    activityPut('ein_recorded', `EIN recorded for ${name} with the IRS letter${app.sealedTaxId ? '; the tax id was deleted' : ''}`, app.id),
    auditPut({
      actor,
      action: 'ein_recorded',
      applicationId: app.id,
      subject: 'EIN and IRS confirmation letter',
      before: { ein: app.ein ?? null, taxIdOnFile: Boolean(app.sealedTaxId) },
      after: { ein: input.ein, letter: { id: input.letter.id, key: input.letter.key, size: input.letter.size }, taxIdOnFile: false },
    }),
  ];
  if (app.email)
    alongside.push(
      outboxPut({
        kind: 'deliverable_ready',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `deliverable:${app.id}:${input.letter.id}`,
        payload: {
          firstName: app.firstName ?? '',
          businessName: app.businessName ?? '',
          title: 'Your EIN is ready',
          detail: `The IRS assigned ${app.businessName || 'your LLC'} the Employer Identification Number ${input.ein}. Its confirmation letter (CP 575) is in the document vault on your order page. As promised, we deleted the SSN/ITIN you gave us for the application.`,
        },
      }),
    );
  if (!(await updateWith(change, alongside)))
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile('the EIN was recorded')));
  const { sealedTaxId: _gone, ...rest } = app;
  return { ...rest, ein: input.ein, einRecordedAt: now, documents, ...(filingDetails ? { filingDetails } : {}), updatedAt: now, version: versionOf(app) + 1 };
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

/**
 * The documents could not be made (functions/documents/order/generate.ts): the reasons are kept
 * on the order for the staff panel, with an activity entry, until documents are generated. Not
 * at a version: it only reports, and a later success removes it. No-op for an unknown order.
 */
export async function recordDocumentsProblem(id: string, problem: DocumentsProblem): Promise<void> {
  const change = new ItemUpdate(id).set('documentsProblem', problem);
  const text = `Documents were not generated: ${blockerSentence(problem.blockers)}`;
  await updateWith(change, [activityPut('documents_not_generated', text, id)]);
}
