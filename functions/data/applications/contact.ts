import { randomUUID } from 'node:crypto';
import { emailKey } from '#shared/orders/email-key.ts';
import { expiryAfterDays } from '#shared/retention.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { TransactWriteCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { searchIndexChanges, UNPAID_INDEX_RETENTION_DAYS } from '../search-index.ts';
import { changedMeanwhile, displayName, ItemUpdate, updateWith, versionOf } from './item.ts';
import { getApplication } from './reads.ts';

/**
 * The customer's contact details, fixed by staff (docs/product.md section 2, "Staff dashboard"):
 * a corrected email address, told to both addresses, and the order link sent again.
 */

/**
 * Corrects the order's email address (and its find-my-order key) in one transaction with the
 * audit entry (who, the reason, before and after), an activity entry, the staff search's index
 * items and two emails: a notice to the old address (no link) and the order link to the new one.
 */
export async function correctCustomerEmail(id: string, email: string, reason: string, actor: AuditActor) {
  const app = await getApplication(id);
  if (app.status === 'draft') throw new ConflictError('This application was never submitted: the customer changes it in the wizard', 'status_conflict');
  const key = emailKey(email);
  if (!key) throw new ValidationError('Email must be an address like name@example.com', { email: ['Email must be an address like name@example.com'] });
  const old = app.email ?? '';
  if (emailKey(old) === key) throw new ConflictError('That is already the order’s email address', 'email_unchanged');
  const version = versionOf(app);
  const payload = { firstName: app.firstName ?? '', businessName: app.businessName ?? '', oldEmail: old, newEmail: email };
  const written = await updateWith(new ItemUpdate(id).set('email', email).set('emailKey', key).set('updatedAt', new Date().toISOString()).atVersion(version), [
    auditPut({ actor, action: 'customer_email_corrected', applicationId: id, subject: displayName(app), before: { email: old }, after: { email, reason } }),
    activityPut('customer_email_corrected', `Email of ${displayName(app)} corrected`, id),
    ...(old
      ? [
          outboxPut({
            kind: 'email_changed',
            to: old,
            applicationId: id,
            dedupeKey: `email-changed:${id}:${version}:old`,
            payload: { ...payload, recipient: 'old' },
          }),
        ]
      : []),
    outboxPut({
      kind: 'email_changed',
      to: email,
      applicationId: id,
      dedupeKey: `email-changed:${id}:${version}:new`,
      payload: { ...payload, recipient: 'new' },
    }),
    // Staff search finds the order by its new address, no longer by the old one (docs/decisions/0290).
    ...searchIndexChanges(app, { ...app, email }, app.paymentStatus === 'paid' ? {} : { expiresAt: expiryAfterDays(UNPAID_INDEX_RETENTION_DAYS) }),
  ]);
  if (!written) throw changedMeanwhile('the email was corrected');
  return getApplication(id);
}

/**
 * Emails the order link to the address on file (the order page's link for a paid order, the
 * link to continue for an unpaid one), recorded in the audit trail. Staff may send it as often as
 * a customer asks.
 */
export async function resendOrderLink(id: string, actor: AuditActor): Promise<{ sent: true; to: string; messageId: string }> {
  const app = await getApplication(id);
  if (!app.email) throw new ConflictError('The order has no email address: correct it first', 'no_email');
  const messageId = `order-link:${id}:staff:${randomUUID()}`;
  const paid = app.paymentStatus === 'paid' || app.paymentStatus === 'refunded' || app.paymentStatus === 'needs_review';
  // An unpaid application continues where it stands: the wizard for a draft, the checkout once submitted.
  const payload = { firstName: app.firstName ?? '', businessName: app.businessName ?? '' };
  const at: 'checkout' | 'wizard' = app.completed ? 'checkout' : 'wizard';
  const email = paid
    ? outboxPut({ kind: 'order_link', to: app.email, applicationId: id, dedupeKey: messageId, payload })
    : outboxPut({ kind: 'continue_link', to: app.email, applicationId: id, dedupeKey: messageId, payload: { ...payload, at } });
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [email, auditPut({ actor, action: 'order_link_resent', applicationId: id, subject: displayName(app), after: { to: app.email } })],
    }),
  );
  return { sent: true, to: app.email, messageId };
}
