import type { OrderMail, StaffMail } from '#shared/mail/mail.schema.ts';
import { MAIL_KIND_LABELS, MAIL_KIND_MEANING, mailClock, SOLICITATION_WHY } from '#shared/mail/mail.ts';
import type { ApplicationItem, StoredMail } from '../../data/applications/item.ts';

/** The order's mail as the back office and the customer's order page list it (./mail.ts logs it). */

const newestFirst = (a: StoredMail, b: StoredMail) => b.receivedOn.localeCompare(a.receivedOn) || b.loggedAt.localeCompare(a.loggedAt);

/** The back office's list, newest first: each piece not handled carries its clock at `now`. */
export function staffMail(app: ApplicationItem, now = Date.now()): StaffMail[] {
  return [...(app.mail ?? [])].sort(newestFirst).map((m) => ({
    id: m.id,
    sender: m.sender,
    receivedOn: m.receivedOn,
    kind: m.kind,
    ...(m.answerDeadline ? { answerDeadline: m.answerDeadline } : {}),
    documentId: m.documentId,
    loggedAt: m.loggedAt,
    ...(m.note ? { note: m.note } : {}),
    loggedBy: m.loggedBy,
    ...(m.handledAt ? { handledAt: m.handledAt, handledBy: m.handledBy } : { clock: mailClock(m, now) }),
  }));
}

/** The order page's list, newest first, each with its label and what it means (a solicitation: why it is labelled). */
export function orderMail(app: ApplicationItem): OrderMail[] {
  return [...(app.mail ?? [])].sort(newestFirst).map((m) => ({
    id: m.id,
    sender: m.sender,
    receivedOn: m.receivedOn,
    kind: m.kind,
    ...(m.answerDeadline ? { answerDeadline: m.answerDeadline } : {}),
    documentId: m.documentId,
    loggedAt: m.loggedAt,
    label: MAIL_KIND_LABELS[m.kind],
    meaning: m.kind === 'solicitation' ? SOLICITATION_WHY : MAIL_KIND_MEANING[m.kind],
  }));
}
