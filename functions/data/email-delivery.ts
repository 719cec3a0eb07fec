import type { StaffEmail } from '#shared/staff/email-delivery.schema.ts';
import { ddb } from '../lib/clients/dynamodb.ts';
import { TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import {
  getMessage,
  liftSuppressionDelete,
  listOrderMessages,
  listParkedMessages,
  type OutboxItem,
  requeuePut,
  suppressionOf,
  UNDELIVERED_STATUSES,
} from '../outbox/outbox.ts';
import { getApplication } from './applications/reads.ts';
import { type AuditActor, auditPut } from './audit.ts';

/**
 * Email delivery for staff (docs/product.md section 2): an order's email history, the messages
 * that did not reach their customer, and the retry of one of them, with a reason.
 */
export function toStaffEmail(item: OutboxItem & { retriedAt?: string }): StaffEmail {
  return {
    messageId: item.messageId,
    kind: item.kind,
    to: item.to,
    status: item.status,
    attempts: item.attempts ?? 0,
    createdAt: item.createdAt,
    ...(item.sentAt ? { sentAt: item.sentAt } : {}),
    ...(item.retriedAt ? { retriedAt: item.retriedAt } : {}),
    ...(item.lastError ? { lastError: item.lastError } : {}),
    ...(item.applicationId ? { applicationId: item.applicationId } : {}),
  };
}

export async function orderEmails(applicationId: string): Promise<StaffEmail[]> {
  return (await listOrderMessages(applicationId)).map(toStaffEmail);
}

export async function undeliveredEmails(): Promise<StaffEmail[]> {
  return (await listParkedMessages()).map(toStaffEmail);
}

const undelivered = (status: string): status is (typeof UNDELIVERED_STATUSES)[number] => (UNDELIVERED_STATUSES as readonly string[]).includes(status);

/**
 * Sends an undelivered message again: to the order's address as it is now (staff may have
 * corrected it), lifting that address's suppression if it has one, with the reason in the audit
 * trail, all in one transaction. The outbox stream's sender delivers it at once.
 */
export async function retryEmail(messageId: string, reason: string, actor: AuditActor): Promise<StaffEmail> {
  const item = await getMessage(messageId);
  if (!item) throw new NotFoundError('That message is no longer kept', 'message_not_found');
  if (!undelivered(item.status))
    throw new ConflictError(`That message is ${item.status}: only a parked, suppressed or bounced one is retried`, 'status_conflict', {
      currentStatus: item.status,
    });
  const app = item.applicationId ? await getApplication(item.applicationId).catch(() => undefined) : undefined;
  const to = app?.email || item.to;
  const suppression = await suppressionOf(to);
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          requeuePut(item, to),
          ...(suppression ? [liftSuppressionDelete(to)] : []),
          auditPut({
            actor,
            action: 'email_retried',
            applicationId: item.applicationId,
            subject: `email ${messageId}`,
            before: { status: item.status, to: item.to, ...(item.lastError ? { error: item.lastError } : {}) },
            after: { status: 'pending', to, reason, ...(suppression ? { suppressionLifted: suppression.reason } : {}) },
          }),
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException) throw new ConflictError('The message changed meanwhile: reload the list', 'version_conflict');
    throw err;
  }
  return toStaffEmail({ ...item, status: 'pending', to, attempts: 0, retriedAt: new Date().toISOString() });
}
