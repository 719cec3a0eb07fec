import { randomUUID } from 'node:crypto';
import { boughtFlags } from '#shared/catalog/catalog.ts';
import { formationDateOf } from '#shared/compliance/calendar.ts';
import { ourPrivacyFiling, ourRegisteredAgentFor } from '#shared/operator/facts.ts';
import { blockerSentence, type DocumentBlocker } from '#shared/orders/document-blockers.ts';
import { DOCUMENTS_AFTER, type DocumentKind, type DocumentsAfterAction, documentsBlocker } from '#shared/orders/documents.ts';
import { findState } from '#shared/states.ts';
import { platformLabel } from '#shared/wizard/options.ts';
import { recordActivity } from '../../data/activity.ts';
import { documentsNotPaid, recordDocuments, recordDocumentsProblem } from '../../data/applications/documents.ts';
import { type ApplicationItem, displayName, type StoredDocument } from '../../data/applications/item.ts';
import { getApplication } from '../../data/applications/reads.ts';
import type { AuditActor } from '../../data/audit.ts';
import { getOperatorSettings } from '../../data/operator-settings.ts';
import { ConflictError, hasErrorCode } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { orderDocuments } from '../order-documents.ts';
import type { OrderSummary } from '../types.ts';
import { deleteObject, orderDocumentKey, putDocument } from './storage.ts';
import { missingKinds, soldOrder } from './view.ts';

/**
 * Generating an order's documents (docs/product.md section 10, "Documents"): every generated
 * document the order owes, each written by its kind's generator (../generators.ts), from the
 * stored filing details and our registered agent in the filing state (operator settings). Each
 * PDF is stored under a key of its own and recorded on the order as the next version of its
 * kind (the one vocabulary of shared/orders/documents.ts): earlier versions stay.
 */

/** Attempts at recording when someone else wrote the order meanwhile (each reads it again). */
const RECORD_ATTEMPTS = 3;

/** What the generators need of the order besides its filing details. */
export function orderSummary(app: ApplicationItem): OrderSummary {
  const sold = soldOrder(app);
  return {
    applicationId: app.id,
    businessName: app.businessName ?? '',
    filingState: sold.state,
    stateName: findState(sold.state)?.name ?? sold.state,
    addOns: boughtFlags(app),
    ...(app.dbaName ? { dbaName: app.dbaName } : {}),
    ...(app.dbaCounty ? { dbaCounty: app.dbaCounty } : {}),
    paidAt: app.paidAt ?? app.updatedAt ?? new Date().toISOString(),
    contact: { firstName: app.firstName ?? '', lastName: app.lastName ?? '', email: app.email ?? '', phone: app.phone ?? '' },
    platforms: (app.platforms ?? []).map(platformLabel),
    ...form2553Facts(app, sold.form2553),
  };
}

/** The Form 2553 worksheet's facts: the LLC's start as the calendar counts it, and the EIN once recorded. */
function form2553Facts(app: ApplicationItem, bought: boolean): Pick<OrderSummary, 'form2553'> {
  const formation = bought ? formationDateOf({ filedOn: app.filedOn, paidAt: app.paidAt }) : undefined;
  return formation ? { form2553: { formation, ...(app.ein ? { ein: app.ein } : {}), today: new Date().toISOString().slice(0, 10) } } : {};
}

/**
 * 409 documents_incomplete: what must be fixed (operator settings, the order's details) before
 * the documents can be made, each reason with its code and field in `blockers`.
 */
export const documentsIncomplete = (blockers: readonly DocumentBlocker[]) =>
  new ConflictError(`The documents were not generated, so no customer sees a gap in them. Fix first: ${blockerSentence(blockers)}`, 'documents_incomplete', {
    blockers,
  });

/** Writing the documents failed outright (a bug, a font): staff are told, the order keeps its details. */
const generationFailed = (err: unknown): DocumentBlocker => ({
  code: 'generation_failed',
  reason: `Writing the documents failed (${err instanceof Error ? err.message : String(err)}); nothing was stored. Report it with the order's id; Generate tries again.`,
});

/** The reasons are kept on the order for the staff panel (best effort: the refusal is what counts). */
async function keepProblem(id: string, blockers: DocumentBlocker[]): Promise<void> {
  await recordDocumentsProblem(id, { at: new Date().toISOString(), blockers }).catch((err) =>
    logger.warn('documents problem not recorded', { applicationId: id, error: err as Error }),
  );
}

/** Why the order's documents cannot be generated: 409 order_not_paid or documents_unavailable. */
function refuse(app: ApplicationItem): void {
  const blocker = documentsBlocker(app);
  if (!blocker) return;
  throw app.paymentStatus !== 'paid' ? documentsNotPaid() : new ConflictError(blocker, 'documents_unavailable');
}

/**
 * Generates the order's documents and records them. `onlyMissing` (Start Processing) makes only
 * the kinds the order has no version of yet, so a retried move or a second call adds nothing;
 * otherwise (staff regenerate) every document gets a new version. Refused for an order that is
 * not paid, has no complete details, or is not yet in processing. Returns the order as recorded.
 */
export async function generateOrderDocuments(
  app: ApplicationItem,
  opts: { actor?: AuditActor; onlyMissing?: boolean; only?: readonly DocumentKind[] } = {},
): Promise<ApplicationItem> {
  refuse(app);
  if (opts.onlyMissing && !missingKinds(app).length) return app;
  const details = app.filingDetails;
  if (!details) throw new ConflictError('The customer has not completed the filing details yet', 'documents_unavailable');
  const summary = orderSummary(app);
  const settings = await getOperatorSettings();
  let made: Awaited<ReturnType<typeof orderDocuments>>;
  try {
    made = await orderDocuments(summary, details, ourRegisteredAgentFor(settings, summary.filingState) ?? null, ourPrivacyFiling(settings) ?? null);
  } catch (err) {
    logger.error('documents could not be written', { applicationId: app.id, error: err as Error });
    const blockers = [generationFailed(err)];
    await keepProblem(app.id, blockers);
    throw documentsIncomplete(blockers);
  }
  const { documents: generated, problems, blockers } = made;
  // A gap would print as a placeholder in a document the customer downloads: nothing is stored, staff are told what to fix.
  if (blockers.length) {
    await keepProblem(app.id, blockers);
    throw documentsIncomplete(blockers);
  }
  const wanted = opts.onlyMissing ? new Set(missingKinds(app)) : undefined;
  const toStore = generated.filter((g) => {
    const kind = g.kind;
    // A missing formation document is made by either the state's form or the worksheet.
    if (opts.only && !opts.only.includes(kind)) return false;
    return !wanted || wanted.has(kind) || (kind === 'formation_worksheet' && wanted.has('formation'));
  });
  if (!toStore.length) return app;

  const createdAt = new Date().toISOString();
  const added: Omit<StoredDocument, 'version'>[] = [];
  try {
    for (const doc of toStore) {
      const id = randomUUID();
      const key = orderDocumentKey(app.id, id);
      await putDocument(key, doc.bytes, doc.fileName);
      added.push({
        id,
        kind: doc.kind,
        title: doc.title,
        key,
        fileName: doc.fileName,
        createdAt,
        origin: 'generated',
        size: doc.bytes.byteLength,
        ...(opts.actor ? { createdBy: opts.actor.email } : {}),
      });
    }
    const settle = problems.length ? `; the cover sheet lists ${problems.length} item${problems.length === 1 ? '' : 's'} to settle before filing` : '';
    const text = `Documents generated for ${displayName(app)}: ${added.map((d) => d.title.split(' - ')[0]).join(', ')}${settle}`;
    let current = app;
    for (let attempt = 1; ; attempt++) {
      try {
        return await recordDocuments(current, added, { activity: { action: 'documents_generated', text }, actor: opts.actor });
      } catch (err) {
        if (!hasErrorCode(err, 'version_conflict') || attempt >= RECORD_ATTEMPTS) throw err;
        current = await getApplication(app.id);
        refuse(current);
        // Someone else made the missing documents meanwhile: ours are not needed.
        if (opts.onlyMissing && !missingKinds(current).length) {
          await removeObjects(added);
          return current;
        }
      }
    }
  } catch (err) {
    await removeObjects(added);
    throw err;
  }
}

/** Objects stored for documents that were not recorded: removed (best effort; the bucket's lifecycle does not know them). */
async function removeObjects(docs: readonly { key: string }[]): Promise<void> {
  const results = await Promise.allSettled(docs.map((d) => deleteObject(d.key)));
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed) logger.warn('unrecorded document objects left in the bucket', { count: failed });
}

/**
 * A staff action is done (the move or the record stands whatever happens here): the documents it
 * makes (`DOCUMENTS_AFTER`, shared/orders/documents.ts) that the order lacks are generated. A
 * failure is logged and put in the activity feed, and the staff panel offers "Generate" (POST
 * /api/staff/applications/{id}/documents) for it. Returns the order as recorded when documents
 * were added.
 */
export async function documentsAfter(id: string, actor: AuditActor, after: DocumentsAfterAction): Promise<ApplicationItem | undefined> {
  const only: readonly DocumentKind[] | undefined = DOCUMENTS_AFTER[after];
  try {
    const app = await getApplication(id);
    if (only && !missingKinds(app).some((kind) => only.includes(kind))) return undefined;
    const recorded = await generateOrderDocuments(app, { actor, onlyMissing: true, ...(only ? { only } : {}) });
    return recorded === app ? undefined : recorded;
  } catch (err) {
    logger.error('documents not generated after a staff action', { applicationId: id, after, error: err as Error });
    // Its reasons are on the order already (the staff panel lists them, with an activity entry).
    if (hasErrorCode(err, 'documents_incomplete')) return undefined;
    await recordActivity('documents_not_generated', `Documents were not generated at ${after}: open the order and press Generate`, id).catch(() => undefined);
    return undefined;
  }
}
