import { longDate } from '#shared/compliance/dates.ts';
import type { RecordEin, RecordUpload, UploadRequest, UploadTicket } from '#shared/orders/documents.schema.ts';
import { DOCUMENT_KIND_LABELS, type DocumentKind, FILEABLE_KINDS, looksLikePdf, MAX_UPLOAD_BYTES } from '#shared/orders/documents.ts';
import { ELECTION_LETTER } from '#shared/s-corp/election.ts';
import { dbaOffer } from '#shared/state-facts/dba.ts';
import { findState } from '#shared/states.ts';
import { deleteTaxId, documentsNotPaid, recordDocuments, recordEin } from '../../data/applications/documents.ts';
import { type ApplicationItem, displayName, type StoredDocument } from '../../data/applications/item.ts';
import { getApplication } from '../../data/applications/reads.ts';
import type { AuditActor } from '../../data/audit.ts';
import { ConflictError, hasErrorCode, ValidationError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { slug } from '../format.ts';
import { copyToDocument, deleteObject, firstBytes, objectSize, orderDocumentKey, uploadKey, uploadLink } from './storage.ts';
import { soldOrder } from './view.ts';

/**
 * Staff uploads of filed evidence (docs/product.md section 10, "Documents"): the state-stamped
 * approved document, the IRS EIN letter, anything else. The browser PUTs the file to a
 * presigned link; recording it copies it to its final key (which no upload link can reach) and
 * checks that copy: at most MAX_UPLOAD_BYTES and starting with `%PDF-`, or it is deleted and
 * refused. Recording the EIN letter deletes the sealed SSN/ITIN.
 */

const RECORD_ATTEMPTS = 3;

export const mustBePaid = (app: ApplicationItem) => {
  if (app.paymentStatus !== 'paid') throw documentsNotPaid();
};

/** POST /api/staff/applications/{id}/uploads: a presigned PUT for one PDF. */
export async function startUpload(app: ApplicationItem, request: UploadRequest, uploadId: string): Promise<UploadTicket> {
  mustBePaid(app);
  const link = await uploadLink(uploadKey(app.id, uploadId), request.size);
  return { uploadId, url: link.url, method: 'PUT', headers: link.headers, maxBytes: MAX_UPLOAD_BYTES, expiresAt: link.expiresAt };
}

const notAPdf = () =>
  new ValidationError('The file is not a PDF: upload the PDF the state or the IRS issued', { file: ['The file is not a PDF'] }, 'not_a_pdf');
const tooLarge = () =>
  new ValidationError(`The file is too large: at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, { file: ['The file is too large'] }, 'file_too_large');

/** The formation document the approved one was filed from: the one named, else the newest. */
function filedVersion(app: ApplicationItem, named: string | undefined): StoredDocument | undefined {
  const fileable = (app.documents ?? []).filter((d) => FILEABLE_KINDS.includes(d.kind));
  if (named) {
    const doc = fileable.find((d) => d.id === named);
    if (!doc)
      throw new ValidationError('Choose one of the order’s formation documents as the filed version', {
        filedDocumentId: ['Not a formation document of this order'],
      });
    return doc;
  }
  return fileable.reduce<StoredDocument | undefined>((newest, d) => (!newest || d.createdAt > newest.createdAt ? d : newest), undefined);
}

/** Checks the uploaded file and stores it as a document; refuses (and removes) anything else. */
export async function storeUpload(app: ApplicationItem, uploadId: string, kind: DocumentKind): Promise<Omit<StoredDocument, 'version' | 'createdAt'>> {
  const staging = uploadKey(app.id, uploadId);
  const key = orderDocumentKey(app.id, uploadId);
  const size = await objectSize(staging);
  if (size === undefined) throw new ConflictError('No file was uploaded for this upload, or it expired: upload the file again', 'upload_missing');
  if (size > MAX_UPLOAD_BYTES) {
    await deleteObject(staging);
    throw tooLarge();
  }
  const fileName = `${kind.replace(/_/g, '-')}-${slug(app.businessName ?? '', app.id.slice(0, 8))}.pdf`;
  // The copy is what gets checked and served: the upload link can still replace the staging object, not this one.
  await copyToDocument(staging, key, fileName);
  const [stored, head] = await Promise.all([objectSize(key), firstBytes(key, 5)]);
  if (stored === undefined || stored > MAX_UPLOAD_BYTES || !looksLikePdf(head)) {
    await Promise.allSettled([deleteObject(key), deleteObject(staging)]);
    throw stored !== undefined && stored > MAX_UPLOAD_BYTES ? tooLarge() : notAPdf();
  }
  return { id: uploadId, kind, title: '', key, fileName, origin: 'uploaded', size: stored };
}

/**
 * POST .../uploads/{uploadId}/record: the uploaded file becomes a document of the order, at most
 * once (recording the same upload again answers the order as it is). The approved document
 * marks the formation version that was filed and keeps the state's file number; the EIN letter
 * deletes the sealed tax id. Returns the order as recorded.
 */
export async function recordUpload(id: string, uploadId: string, body: RecordUpload, actor?: AuditActor): Promise<ApplicationItem> {
  let app = await getApplication(id);
  mustBePaid(app);
  if (!app.documents?.some((d) => d.id === uploadId)) {
    const filed = body.kind === 'approved_articles' ? filedVersion(app, body.filedDocumentId) : undefined;
    if (body.kind === 'cp261_letter' && !body.effectiveOn)
      throw new ValidationError('Enter the date the letter says the election takes effect', { effectiveOn: ['Enter the effective date'] });
    const upload = await storeUpload(app, uploadId, body.kind);
    const title = body.kind === 'other' && body.title ? body.title : DOCUMENT_KIND_LABELS[body.kind];
    const doc = {
      ...upload,
      title,
      createdAt: new Date().toISOString(),
      ...(body.fileNumber ? { fileNumber: body.fileNumber } : {}),
      ...(actor ? { createdBy: actor.email } : {}),
    };
    const text = `${title} uploaded for ${displayName(app)}${body.fileNumber ? ` (file number ${body.fileNumber})` : ''}`;
    for (let attempt = 1; ; attempt++) {
      try {
        app = await recordDocuments(app, [doc], {
          activity: { action: 'document_uploaded', text },
          actor,
          ...(body.kind === 'approved_articles' ? { notify: approvedNotice(app, body.fileNumber ?? app.fileNumber) } : {}),
          ...(body.kind === 'dba_registration' ? { notify: dbaNotice(app) } : {}),
          ...(body.kind === 'cp261_letter' && body.effectiveOn
            ? { notify: electionNotice(app, body.effectiveOn), election: { effectiveOn: body.effectiveOn, letterId: uploadId, by: actor?.email ?? 'staff' } }
            : {}),
          ...(filed ? { filedId: filed.id } : {}),
          ...(body.fileNumber ? { fileNumber: body.fileNumber } : {}),
        });
        break;
      } catch (err) {
        if (!hasErrorCode(err, 'version_conflict') || attempt >= RECORD_ATTEMPTS) throw err;
        app = await getApplication(id);
        mustBePaid(app);
        if (app.documents?.some((d) => d.id === uploadId)) break;
      }
    }
    await deleteObject(uploadKey(id, uploadId)).catch((err: unknown) =>
      logger.warn('upload not removed after recording', { applicationId: id, error: String(err) }),
    );
  }
  const recorded = app.documents?.find((d) => d.id === uploadId);
  if (recorded?.kind === 'ein_letter') app = await forgetTaxId(app);
  return app;
}

/**
 * The IRS acceptance letter (CP261) of an election the customer filed themselves, uploaded from the
 * order page (docs/decisions/0436): the upload checked as staff's are, recorded as the order's
 * `cp261_letter` (the vault shows the newest one, so an upload again replaces it there) with the
 * election in effect from `effectiveOn`, audited with `actor` (the order), in one write at the
 * version read; the payers are emailed to give the new W-9 when the date is new. No "your
 * document is ready" email: the customer sent it. Recording the same upload again answers the
 * order as it is. The caller checked the order is the customer's to record (paid, no add-on).
 */
export async function recordOwnElectionLetter(app: ApplicationItem, uploadId: string, effectiveOn: string, actor: AuditActor): Promise<ApplicationItem> {
  if (app.documents?.some((d) => d.id === uploadId)) return app;
  mustBePaid(app);
  const upload = await storeUpload(app, uploadId, 'cp261_letter');
  const doc = { ...upload, title: DOCUMENT_KIND_LABELS.cp261_letter, createdAt: new Date().toISOString() };
  const text = `The customer uploaded the IRS acceptance letter (CP261) of their S-corporation election, in effect from ${effectiveOn}, for ${displayName(app)}`;
  let current = app;
  for (let attempt = 1; ; attempt++) {
    try {
      current = await recordDocuments(current, [doc], {
        activity: { action: 'document_uploaded', text },
        actor,
        election: { effectiveOn, letterId: uploadId, by: actor.email },
      });
      break;
    } catch (err) {
      if (!hasErrorCode(err, 'version_conflict') || attempt >= RECORD_ATTEMPTS) throw err;
      current = await getApplication(app.id);
      mustBePaid(current);
      if (current.documents?.some((d) => d.id === uploadId)) break;
    }
  }
  await deleteObject(uploadKey(app.id, uploadId)).catch((err: unknown) =>
    logger.warn('upload not removed after recording', { applicationId: app.id, error: String(err) }),
  );
  return current;
}

/** The customer's email when the state-stamped document is recorded. */
function approvedNotice(app: ApplicationItem, fileNumber: string | undefined): { title: string; detail: string } {
  const state = findState(soldOrder(app).state)?.name ?? 'The state';
  return {
    title: 'Your state-approved formation document is ready',
    detail: `${state} approved the formation of ${app.businessName || 'your LLC'}${fileNumber ? ` (file number ${fileNumber})` : ''}. The state-stamped document is in the document vault on your order page.`,
  };
}

/** The customer's email when the IRS acceptance of the S-corporation election (CP261) is recorded. */
function electionNotice(app: ApplicationItem, effectiveOn: string): { title: string; detail: string } {
  return {
    title: 'Your S-corporation election is in effect',
    detail: `The IRS accepted the S-corporation election of ${app.businessName || 'your LLC'} (letter ${ELECTION_LETTER}): it is in effect from ${longDate(effectiveOn)}. The letter is in the document vault on your order page; keep it with the LLC's records, your tax preparer will ask for it.`,
  };
}

/** The customer's email when the filed DBA is recorded: the state's or county's own word for it. */
function dbaNotice(app: ApplicationItem): { title: string; detail: string } {
  const order = soldOrder(app);
  const offer = dbaOffer(order.state);
  const term = offer && offer.kind !== 'none' ? offer.rule.term : 'DBA';
  const name = app.dbaName ? `"${app.dbaName}"` : 'Your creator name';
  return {
    title: `Your ${term} is registered`,
    detail: `${name} is registered as a business name of ${app.businessName || 'your LLC'}. The filed document is in the document vault on your order page; its renewal date is in your compliance calendar.`,
  };
}

/**
 * POST /api/staff/applications/{id}/ein: the EIN and its IRS letter (an upload) recorded
 * together, the sealed tax id deleted in the same write (../data/applications/documents.ts
 * recordEin). The order must have bought the EIN. Recording the same upload again answers the
 * order as it is.
 */
export async function recordEinWithLetter(id: string, body: RecordEin, actor: AuditActor): Promise<ApplicationItem> {
  let app = await getApplication(id);
  mustBePaid(app);
  if (app.documents?.some((d) => d.id === body.uploadId)) return app;
  if (!soldOrder(app).feinFiling) throw new ConflictError('This order did not buy the EIN: there is no EIN to record', 'ein_not_bought');
  const upload = await storeUpload(app, body.uploadId, 'ein_letter');
  const letter = { ...upload, title: DOCUMENT_KIND_LABELS.ein_letter, createdAt: new Date().toISOString(), createdBy: actor.email };
  for (let attempt = 1; ; attempt++) {
    try {
      app = await recordEin(app, { ein: body.ein, letter }, actor);
      break;
    } catch (err) {
      if (!hasErrorCode(err, 'version_conflict') || attempt >= RECORD_ATTEMPTS) throw err;
      app = await getApplication(id);
      mustBePaid(app);
      if (app.documents?.some((d) => d.id === body.uploadId)) break;
    }
  }
  await deleteObject(uploadKey(id, body.uploadId)).catch((err: unknown) =>
    logger.warn('upload not removed after recording', { applicationId: id, error: String(err) }),
  );
  return app;
}

/** The EIN letter is on file: the sealed tax id goes (retried on a concurrent write; a retry of the record call also retries this). */
async function forgetTaxId(app: ApplicationItem): Promise<ApplicationItem> {
  let current = app;
  for (let attempt = 1; current.sealedTaxId; attempt++) {
    try {
      await deleteTaxId(current);
      break;
    } catch (err) {
      if (!hasErrorCode(err, 'version_conflict') || attempt >= RECORD_ATTEMPTS) throw err;
    }
    current = await getApplication(app.id);
  }
  return getApplication(app.id);
}
