import type { OpenMailList, OrderMail, StaffMail } from '#shared/mail/mail.schema.ts';
import { MAIL_KIND_LABELS, MAIL_KIND_MEANING, mailClock, SOLICITATION_WHY } from '#shared/mail/mail.ts';
import { findState } from '#shared/states.ts';
import type { ApplicationItem, StoredMail } from '../../data/applications/item.ts';
import { openMailOrders } from '../../data/applications/mail.ts';
import { decodeCursor, encodeCursor } from '../../data/cursor.ts';

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

/** Orders a page of the mail room's list. */
export const OPEN_MAIL_PAGE_SIZE = 25;
const CURSOR_KEYS = ['id', 'mailOpen', 'mailDueAt'] as const;

/** GET /api/staff/mail: the orders with mail not handled, soonest clock first, each with those pieces and their clocks at `now`. */
export async function openMailPage(cursor: string | undefined, now = Date.now()): Promise<OpenMailList> {
  const page = await openMailOrders(OPEN_MAIL_PAGE_SIZE, cursor ? decodeCursor(cursor, CURSOR_KEYS) : undefined);
  return {
    items: page.items.map((app) => ({
      applicationId: app.id,
      businessName: app.businessName ?? 'Unnamed LLC',
      stateName: findState(app.state ?? '')?.name ?? app.state ?? '',
      ...(app.fileNumber ? { fileNumber: app.fileNumber } : {}),
      mail: staffMail(app as ApplicationItem, now)
        .filter((m) => !m.handledAt)
        .sort((a, b) => (a.clock?.dueAt ?? '').localeCompare(b.clock?.dueAt ?? '')),
    })),
    nextCursor: page.next ? encodeCursor(page.next, CURSOR_KEYS) : null,
  };
}
