import { MAIL_KIND_LABELS, MAX_MAIL_PER_ORDER, mailClock } from '#shared/mail/mail.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { QueryCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { documentsNotPaid } from './documents.ts';
import {
  APPLICATION_INDEXES,
  type ApplicationItem,
  changedMeanwhile,
  displayName,
  ItemUpdate,
  type StoredDocument,
  type StoredMail,
  updateWith,
  versionOf,
  whyNotWritten,
} from './item.ts';

/**
 * The mail room's writes (docs/decisions/0421-mail-room.md): a piece of mail is a bounded list
 * entry on the order's item, written at the version read with its scan (a document of the order),
 * the activity entry, the staff audit entry and the customer's email, in one transaction.
 */

/**
 * The order's place in the byMail index: the soonest clock of its mail not handled, or none
 * (the attributes removed) once everything is handled.
 */
export function mailIndexOf(mail: readonly StoredMail[]): { mailDueAt: string } | undefined {
  const open = mail.filter((m) => !m.handledAt).map((m) => mailClock(m, 0).dueAt);
  return open.length ? { mailDueAt: open.sort()[0] as string } : undefined;
}

/** Sets or removes the byMail attributes for `mail` on the change. */
function indexMail(change: ItemUpdate, mail: readonly StoredMail[]): ItemUpdate {
  const index = mailIndexOf(mail);
  return index ? change.set('mailOpen', 'OPEN').set('mailDueAt', index.mailDueAt) : change.remove('mailOpen').remove('mailDueAt');
}

/** An order with mail not handled, as the staff mail list reads it from byMail. */
export type OpenMailOrder = Pick<ApplicationItem, 'id' | 'businessName' | 'state' | 'mail' | 'mailDueAt' | 'fileNumber'>;

/**
 * The orders with mail not handled, soonest clock first: one Query of the sparse byMail index a
 * page (at most `limit` orders), with the cursor DynamoDB gave.
 */
export async function openMailOrders(limit: number, cursor?: Record<string, unknown>): Promise<{ items: OpenMailOrder[]; next?: Record<string, unknown> }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('applications'),
      IndexName: APPLICATION_INDEXES.byMail,
      KeyConditionExpression: 'mailOpen = :open',
      ExpressionAttributeValues: { ':open': 'OPEN' },
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    }),
  );
  return { items: (out.Items ?? []) as OpenMailOrder[], ...(out.LastEvaluatedKey ? { next: out.LastEvaluatedKey } : {}) };
}

export const mailFull = () =>
  new ConflictError(`This order holds ${MAX_MAIL_PER_ORDER} pieces of mail, the most it keeps: ask an owner to archive older ones first`, 'mail_full');

/** Logs `mail` with its scan `scan` on the order read as `app`. 409 order_not_paid, mail_full or version_conflict. */
export async function recordMail(app: ApplicationItem, mail: StoredMail, scan: Omit<StoredDocument, 'version'>, actor: AuditActor): Promise<ApplicationItem> {
  const existing = app.mail ?? [];
  if (existing.length >= MAX_MAIL_PER_ORDER) throw mailFull();
  const documents: StoredDocument[] = [...(app.documents ?? [])];
  documents.push({ ...scan, version: documents.filter((d) => d.kind === scan.kind).length + 1 });
  const all = [...existing, mail];
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('documents', documents)
    .set('mail', all)
    .set('updatedAt', mail.loggedAt);
  indexMail(change, all);
  const label = MAIL_KIND_LABELS[mail.kind];
  const alongside: TransactItem[] = [
    activityPut('mail_logged', `${label} from ${mail.sender} logged for ${displayName(app)}`, app.id),
    auditPut({
      actor,
      action: 'mail_logged',
      applicationId: app.id,
      subject: `${label} from ${mail.sender}`,
      after: { mail: { ...mail }, scan: { id: scan.id, key: scan.key, size: scan.size } },
    }),
  ];
  if (app.email)
    alongside.push(
      outboxPut({
        kind: 'mail_received',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `mail:${app.id}:${mail.id}`,
        payload: {
          firstName: app.firstName ?? '',
          businessName: app.businessName ?? '',
          kind: mail.kind,
          sender: mail.sender,
          receivedOn: mail.receivedOn,
          ...(mail.answerDeadline ? { answerDeadline: mail.answerDeadline } : {}),
        },
      }),
    );
  if (!(await updateWith(change, alongside)))
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile('the mail was logged')));
  return { ...app, documents, mail: all, ...mailIndexOf(all), updatedAt: mail.loggedAt, version: versionOf(app) + 1 };
}

/** Staff marked a piece of mail handled: its back-office clock stops. Audited; handling it again changes nothing. */
export async function markMailHandled(app: ApplicationItem, mailId: string, actor: AuditActor, now = new Date().toISOString()): Promise<ApplicationItem> {
  const entry = (app.mail ?? []).find((m) => m.id === mailId);
  if (!entry) throw new NotFoundError('No such mail on this order', 'mail_not_found');
  if (entry.handledAt) return app;
  const mail = (app.mail ?? []).map((m) => (m.id === mailId ? { ...m, handledAt: now, handledBy: actor.email } : m));
  const change = indexMail(new ItemUpdate(app.id).atVersion(versionOf(app)).set('mail', mail).set('updatedAt', now), mail);
  const label = MAIL_KIND_LABELS[entry.kind];
  const done = await updateWith(change, [
    activityPut('mail_handled', `${label} from ${entry.sender} handled for ${displayName(app)}`, app.id),
    auditPut({
      actor,
      action: 'mail_handled',
      applicationId: app.id,
      subject: `${label} from ${entry.sender}`,
      before: { handledAt: null },
      after: { mailId, handledAt: now },
    }),
  ]);
  if (!done) throw await whyNotWritten(app.id, () => changedMeanwhile('the mail was marked handled'));
  return { ...app, mail, updatedAt: now, version: versionOf(app) + 1 };
}
