import type { LogMail } from '#shared/mail/mail.schema.ts';
import { MAIL_KIND_LABELS } from '#shared/mail/mail.ts';
import type { ApplicationItem, StoredMail } from '../../data/applications/item.ts';
import { markMailHandled, recordMail } from '../../data/applications/mail.ts';
import { getApplication } from '../../data/applications/reads.ts';
import type { AuditActor } from '../../data/audit.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { deleteObject, uploadKey } from './storage.ts';
import { mustBePaid, storeUpload } from './uploads.ts';

/**
 * The mail room (docs/decisions/0421-mail-room.md): staff log a piece of mail our registered agent
 * address received for an LLC with its scan (uploaded first, POST …/uploads), the customer is
 * emailed at once and finds the scan in the vault under Mail; the back office counts each piece's
 * clock in business hours until staff mark it handled.
 */

const ATTEMPTS = 3;

/** POST /api/staff/applications/{id}/mail: the scan checked and stored, then the mail, the audit entry, the activity and the email in one write. Logging the same upload again answers the order as it is. */
export async function logMail(id: string, body: LogMail, actor: AuditActor, now = new Date()): Promise<ApplicationItem> {
  let app = await getApplication(id);
  mustBePaid(app);
  if (app.documents?.some((d) => d.id === body.uploadId)) return app;
  const stored = await storeUpload(app, body.uploadId, 'mail_scan');
  const loggedAt = now.toISOString();
  const label = MAIL_KIND_LABELS[body.kind];
  const scan = {
    ...stored,
    title: `${label} from ${body.sender}`,
    createdAt: loggedAt,
    createdBy: actor.email,
  };
  const mail: StoredMail = {
    id: body.uploadId,
    sender: body.sender,
    receivedOn: body.receivedOn,
    kind: body.kind,
    ...(body.answerDeadline ? { answerDeadline: body.answerDeadline } : {}),
    ...(body.note ? { note: body.note } : {}),
    documentId: stored.id,
    loggedAt,
    loggedBy: actor.email,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      app = await recordMail(app, mail, scan, actor);
      break;
    } catch (err) {
      if (!hasErrorCode(err, 'version_conflict') || attempt >= ATTEMPTS) throw err;
      app = await getApplication(id);
      mustBePaid(app);
      if (app.documents?.some((d) => d.id === body.uploadId)) break;
    }
  }
  await deleteObject(uploadKey(id, body.uploadId)).catch((err: unknown) =>
    logger.warn('upload not removed after logging mail', { applicationId: id, error: String(err) }),
  );
  return app;
}

/** POST /api/staff/applications/{id}/mail/{mailId}/handled, retried on a concurrent write. */
export async function handleMail(id: string, mailId: string, actor: AuditActor): Promise<ApplicationItem> {
  for (let attempt = 1; ; attempt++) {
    const app = await getApplication(id);
    try {
      return await markMailHandled(app, mailId, actor);
    } catch (err) {
      if (!hasErrorCode(err, 'version_conflict') || attempt >= ATTEMPTS) throw err;
    }
  }
}
