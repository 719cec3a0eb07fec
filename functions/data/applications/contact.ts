import { randomBytes, randomUUID } from 'node:crypto';
import { emailKey } from '#shared/orders/email-key.ts';
import { expiryAfterDays } from '#shared/retention.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { TransactWriteCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { searchIndexChanges, UNPAID_INDEX_RETENTION_DAYS } from '../search-index.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, type PendingEmailChange, updateWith, versionOf } from './item.ts';
import { getApplication, hashSecret } from './reads.ts';

/**
 * The customer's email address, changed only with two people's say (docs/decisions/0409): a
 * staff member asks for the change, with the reason; it takes effect when the customer confirms
 * it from their order page, or when a second staff member (a processor or owner other than the one
 * who asked) approves it. The address on file is told at once, with a link that stops the change.
 * When it takes effect, every order link and browser access issued before it ends (the address's
 * version moves on), and the new address gets a fresh link.
 */

/** Old addresses are kept only this long in a browser's "ended" list. */
const MAX_ENDED_ACCESS = 20;

/** `n***@example.com`: what the old address is told of the new one (it may be a stranger's mistyped inbox). */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export const emailChangePending = () =>
  new ConflictError('A change of this order’s email address is already waiting: approve or cancel it first', 'email_change_pending');
export const noEmailChange = () => new ConflictError('No change of this order’s email address is waiting', 'no_email_change');

/**
 * Asks for the order's email address to become `email`, with the reason: nothing about the
 * order's address or access changes yet. In one transaction at the version read: the request on
 * the order, the audit entry (who, the reason, before and after), an activity entry and the
 * notice to the address on file with its "stop this change" link. Nothing goes to the new address.
 */
export async function requestEmailChange(id: string, email: string, reason: string, actor: AuditActor) {
  const app = await getApplication(id);
  if (app.status === 'draft') throw new ConflictError('This application was never submitted: the customer changes it in the wizard', 'status_conflict');
  const key = emailKey(email);
  if (!key) throw new ValidationError('Email must be an address like name@example.com', { email: ['Email must be an address like name@example.com'] });
  const old = app.email ?? '';
  if (emailKey(old) === key) throw new ConflictError('That is already the order’s email address', 'email_unchanged');
  if (app.emailChange) throw emailChangePending();
  const change: PendingEmailChange = {
    id: randomUUID(),
    email,
    reason,
    requestedBy: { id: actor.id, email: actor.email },
    requestedAt: new Date().toISOString(),
  };
  const written = await updateWith(
    new ItemUpdate(id).set('emailChange', change).set('updatedAt', change.requestedAt).atVersion(versionOf(app)).when('attribute_not_exists(#emailChange)'),
    [
      auditPut({
        actor,
        action: 'customer_email_change_requested',
        applicationId: id,
        subject: displayName(app),
        before: { email: old },
        after: { email, reason },
      }),
      activityPut('customer_email_change_requested', `Change of the email of ${displayName(app)} asked for`, id),
      ...(old
        ? [
            outboxPut({
              kind: 'email_change_requested',
              to: old,
              applicationId: id,
              dedupeKey: `email-change-requested:${id}:${change.id}`,
              payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '', newEmail: maskedEmail(email), changeId: change.id },
            }),
          ]
        : []),
    ],
  );
  if (!written) throw (await getApplication(id)).emailChange ? emailChangePending() : changedMeanwhile('the change was asked for');
  return getApplication(id);
}

/**
 * A second staff member approves the waiting change, with their reason: refused (403) to the
 * person who asked for it. The change then takes effect (`applyEmailChange`).
 */
export async function approveEmailChange(id: string, reason: string, actor: AuditActor) {
  const app = await getApplication(id);
  const change = app.emailChange;
  if (!change) throw noEmailChange();
  if (change.requestedBy.id === actor.id)
    throw new ForbiddenError('Someone other than the person who asked for the change must approve it, or the customer must confirm it', 'same_person');
  await applyEmailChange(app, change, actor, { approvedBy: actor.email, approvalReason: reason });
  return getApplication(id);
}

/** Staff withdraw the waiting change, with the reason (audited); the address on file stays. */
export async function cancelEmailChange(id: string, reason: string, actor: AuditActor) {
  const app = await getApplication(id);
  if (!app.emailChange) throw noEmailChange();
  await dropEmailChange(app, app.emailChange.id, actor, { by: 'staff', reason });
  return getApplication(id);
}

/**
 * The customer confirms the waiting change from their order page (the holder of the order). The
 * change takes effect; the browser that confirmed keeps the order open with a new secret
 * (returned), every other one is ended.
 */
export async function confirmEmailChange(app: ApplicationItem, changeId: string): Promise<string> {
  const change = app.emailChange;
  if (!change || change.id !== changeId) throw noEmailChange();
  const secret = randomBytes(24).toString('base64url');
  await applyEmailChange(app, change, { id: 'customer', email: app.email ?? '' }, { confirmedByCustomer: true }, hashSecret(secret));
  return secret;
}

/**
 * The customer stops the waiting change: from their order page, or with the link the address on
 * file was sent (`changeId` is the request it names; an older request's link stops nothing).
 */
export async function stopEmailChange(app: ApplicationItem, changeId: string) {
  if (!app.emailChange || app.emailChange.id !== changeId) throw noEmailChange();
  await dropEmailChange(app, changeId, { id: 'customer', email: app.email ?? '' }, { by: 'customer' });
}

async function dropEmailChange(app: ApplicationItem, changeId: string, actor: AuditActor, why: Record<string, unknown>) {
  const change = app.emailChange as PendingEmailChange;
  const written = await updateWith(
    new ItemUpdate(app.id)
      .remove('emailChange')
      .set('updatedAt', new Date().toISOString())
      .atVersion(versionOf(app))
      .when('#emailChange.#id = :changeId', { ':changeId': changeId }),
    [
      auditPut({
        actor,
        action: 'customer_email_change_stopped',
        applicationId: app.id,
        subject: displayName(app),
        before: { email: app.email ?? '', requested: change.email, requestedBy: change.requestedBy.email },
        after: why,
      }),
      activityPut('customer_email_change_stopped', `Change of the email of ${displayName(app)} stopped`, app.id),
    ],
  );
  if (!written) throw changedMeanwhile('the change was stopped');
}

/**
 * The change takes effect, in one transaction at the version read while the request is still the
 * one decided on: the address and its find-my-order key, the address's version moved on (links
 * signed for the old one stop opening the order), every browser secret ended (kept as "ended" so
 * such a browser is told why), the request removed, the audit entry (both people), an activity
 * entry, the staff search's index, the notice to the old address (no link) and the fresh order
 * link to the new one.
 */
async function applyEmailChange(app: ApplicationItem, change: PendingEmailChange, actor: AuditActor, decision: Record<string, unknown>, keepHash?: string) {
  const id = app.id;
  const old = app.email ?? '';
  const version = versionOf(app);
  const emailVersion = (app.emailVersion ?? 0) + 1;
  const ended = [...(app.endedAccessHashes ?? []), ...(app.resumeSecretHash ? [app.resumeSecretHash] : []), ...(app.orderAccessHashes ?? [])].slice(
    -MAX_ENDED_ACCESS,
  );
  const payload = { firstName: app.firstName ?? '', businessName: app.businessName ?? '', oldEmail: old, newEmail: change.email };
  const update = new ItemUpdate(id)
    .set('email', change.email)
    .set('emailKey', emailKey(change.email))
    .set('emailVersion', emailVersion)
    .remove('emailChange')
    .remove('resumeSecretHash')
    .set('updatedAt', new Date().toISOString())
    .atVersion(version)
    .when('#emailChange.#id = :changeId', { ':changeId': change.id });
  if (keepHash) update.set('orderAccessHashes', [keepHash]);
  else update.remove('orderAccessHashes');
  if (ended.length) update.set('endedAccessHashes', ended);
  const written = await updateWith(update, [
    auditPut({
      actor,
      action: 'customer_email_corrected',
      applicationId: id,
      subject: displayName(app),
      before: { email: old },
      after: { email: change.email, reason: change.reason, requestedBy: change.requestedBy.email, ...decision },
    }),
    activityPut('customer_email_corrected', `Email of ${displayName(app)} corrected`, id),
    ...(old
      ? [
          outboxPut({
            kind: 'email_changed',
            to: old,
            applicationId: id,
            dedupeKey: `email-changed:${id}:${version}:old`,
            payload: { ...payload, newEmail: maskedEmail(change.email), recipient: 'old' },
          }),
        ]
      : []),
    outboxPut({
      kind: 'email_changed',
      to: change.email,
      applicationId: id,
      dedupeKey: `email-changed:${id}:${version}:new`,
      payload: { ...payload, recipient: 'new' },
    }),
    // Staff search finds the order by its new address, no longer by the old one (docs/decisions/0290).
    ...searchIndexChanges(
      app,
      { ...app, email: change.email },
      app.paymentStatus === 'paid' ? {} : { expiresAt: expiryAfterDays(UNPAID_INDEX_RETENTION_DAYS) },
    ),
  ]);
  if (!written) throw changedMeanwhile('the change was decided');
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
