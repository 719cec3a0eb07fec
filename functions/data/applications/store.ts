import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type ApplicationStatus, normaliseStatus, staffMoveBlocker, staffMoveTo } from '#shared/application-status.ts';
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { TERMS_VERSION } from '#shared/legal/versions.ts';
import { formatCents } from '#shared/money.ts';
import type { PaymentProvider } from '#shared/payments/methods.ts';
import { isSettledPayment, PROVIDER_RECEIPT_NAMES } from '#shared/payments/methods.ts';
import type { ApplicationOrder } from '#shared/payments/order.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import { expiryAfterDays, UNPAID_APPLICATION_RETENTION_DAYS } from '#shared/retention.ts';
import type { ApplicationListQuery } from '#shared/staff/applications.schema.ts';
import { STAFF_APPLICATIONS_PAGE_SIZE } from '#shared/staff/list-page.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '#shared/state-facts/our-prices.ts';
import { DEFAULT_STATE_CODE, findState } from '#shared/states.ts';
import { nameKey } from '#shared/wizard/business-name.ts';
import type { WizardData, WizardPatch } from '#shared/wizard/data.schema.ts';
import { outboxPut } from '../../email/outbox.ts';
import { ddb, tableName, writeIf } from '../../lib/clients/dynamodb.ts';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  type TransactItem,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} from '../../lib/clients/dynamodb-sdk.ts';
import type { SealedValue } from '../../lib/crypto/sealed.ts';
import { applicationNotFound, ConflictError, type DomainError, ValidationError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { statusCounterUpdate } from '../counters.ts';
import {
  APPLICATION_INDEXES,
  type ApplicationItem,
  alreadyPaid,
  displayName,
  LIST_PARTITION,
  type PaymentApplication,
  type PaymentReview,
  type StaffApplicationView,
  type StoredDocument,
  toStaffApplication,
  versionOf,
} from './item.ts';
import { decodePositions, pageFrom, streamsFor } from './staff-list.ts';

/**
 * The applications table: the only module that sends it commands. Every write bumps the item's
 * `version`; writes that act on what was read (fulfilment, staff moves, recorded documents) are
 * conditional on the version read, so a change in between is a conflict, never overwritten.
 * Changes that imply others (status counters, activity entries) are one transaction with them.
 */

const table = () => tableName('applications');

/** One item's update expression, built field by field; it always bumps the version. */
class ItemUpdate {
  private readonly names: Record<string, string> = { '#id': 'id', '#version': 'version' };
  private readonly values: Record<string, unknown> = { ':vZero': 0, ':vOne': 1 };
  private readonly sets = ['#version = if_not_exists(#version, :vZero) + :vOne'];
  private readonly removes: string[] = [];
  private readonly conditions = ['attribute_exists(#id)'];

  constructor(readonly id: string) {}

  set(field: string, value: unknown): this {
    this.names[`#${field}`] = field;
    this.values[`:${field}`] = value;
    this.sets.push(`#${field} = :${field}`);
    return this;
  }

  remove(field: string): this {
    this.names[`#${field}`] = field;
    this.removes.push(`#${field}`);
    return this;
  }

  /** An extra condition; its `#name` placeholders must be attribute names, `values` its `:placeholders`. */
  when(condition: string, values: Record<string, unknown> = {}): this {
    for (const [, name] of condition.matchAll(/#(\w+)/g)) this.names[`#${name}`] = name;
    Object.assign(this.values, values);
    this.conditions.push(condition);
    return this;
  }

  /** Only if nobody wrote the item since it was read at `version` (no attribute counts as 0). */
  atVersion(version: number): this {
    return this.when(version === 0 ? '(attribute_not_exists(#version) OR #version = :vRead)' : '#version = :vRead', { ':vRead': version });
  }

  get input() {
    return {
      TableName: table(),
      Key: { id: this.id },
      UpdateExpression: `SET ${this.sets.join(', ')}${this.removes.length ? ` REMOVE ${this.removes.join(', ')}` : ''}`,
      ConditionExpression: this.conditions.join(' AND '),
      ExpressionAttributeNames: this.names,
      ExpressionAttributeValues: this.values,
    };
  }
}

/** One UpdateItem; false when its condition failed (nothing was written). */
const update = (change: ItemUpdate) => writeIf(ddb().send(new UpdateCommand(change.input)));

/**
 * The item's update and what it implies (counters, an activity entry) in one transaction: all
 * of it or nothing. False when the item's own condition failed; any other failure is thrown.
 */
async function updateWith(change: ItemUpdate, alongside: TransactItem[]): Promise<boolean> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [{ Update: change.input }, ...alongside] }));
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw err;
  }
}

async function readItem(id: string): Promise<ApplicationItem | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: { id }, ConsistentRead: true }));
  return out.Item as ApplicationItem | undefined;
}

/** After a failed condition (and only then): missing, or the error `present` gives for the item as it is now. */
async function whyNotWritten(id: string, present: (item: ApplicationItem) => DomainError): Promise<DomainError> {
  const item = await readItem(id);
  return item ? present(item) : applicationNotFound();
}

const changedMeanwhile = (what: string) => new ConflictError(`The application changed while ${what}; reload it and try again`, 'version_conflict');

// ---- Reading ---------------------------------------------------------------------------------

/** The application (strongly consistent: payments and staff decide on it); 404 when unknown. */
export async function getApplication(id: string): Promise<ApplicationItem> {
  const item = await readItem(id);
  if (!item) throw applicationNotFound();
  return item;
}

/** Whether a paid application has this name key (only a paid order holds a name, so nobody squats one): one Query. */
export async function isNameKeyTaken(key: string, exceptId?: string): Promise<boolean> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: APPLICATION_INDEXES.byNameKey,
      KeyConditionExpression: 'nameKey = :k',
      FilterExpression: exceptId ? 'paymentStatus = :paid AND id <> :self' : 'paymentStatus = :paid',
      ExpressionAttributeValues: { ':k': key, ':paid': 'paid', ...(exceptId ? { ':self': exceptId } : {}) },
      Select: 'COUNT',
    }),
  );
  return (out.Count ?? 0) > 0;
}

/**
 * The staff list: one page (25) newest first. Each stream is read with at most one Query (Limit
 * 26: the extra item tells whether more follow); see ./staff-list.ts for merging and the cursor.
 */
export async function listApplicationsForStaff(query: ApplicationListQuery): Promise<{ items: StaffApplicationView[]; nextCursor: string | null }> {
  const pageSize = STAFF_APPLICATIONS_PAGE_SIZE;
  const streams = streamsFor(query);
  const positions = decodePositions(query.cursor, streams);
  const fetched = await Promise.all(
    streams.map(async (s, i) => {
      const pos = positions[i];
      if (pos === 'done') return [];
      const out = await ddb().send(
        new QueryCommand({
          TableName: table(),
          IndexName: s.index,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': s.partitionAttr },
          ExpressionAttributeValues: { ':pk': s.partitionValue },
          ScanIndexForward: false,
          Limit: pageSize + 1,
          ExclusiveStartKey: pos === 'start' ? undefined : pos.after,
        }),
      );
      return (out.Items ?? []) as ApplicationItem[];
    }),
  );
  const page = pageFrom(streams, positions, fetched, pageSize);
  return { items: page.items.map(toStaffApplication), nextCursor: page.nextCursor };
}

// ---- The wizard ------------------------------------------------------------------------------

/** The resume secret is kept only as its SHA-256: the database never holds what opens the application. */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The holder's condition: the stored hash equals the hash of the secret the request carried. */
const HOLDER = '#resumeSecretHash = :secretHash';

/**
 * Payment statuses in which the visitor may still change the application. `pending` is not one:
 * a change then first cancels the open payment (functions/applications/visitor-changes.ts).
 */
const OPEN_FOR_VISITOR = '(attribute_not_exists(#paymentStatus) OR #paymentStatus = :unpaid OR #paymentStatus = :failed)';
const OPEN_VALUES = { ':unpaid': 'unpaid', ':failed': 'failed' };

/** New draft from a first save: one PutItem, version 1. The resume secret is returned once. */
export async function createApplication(data: WizardPatch): Promise<{ id: string; resumeSecret: string }> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const resumeSecret = randomBytes(24).toString('base64url');
  const { completed: _ignored, ...fields } = data;
  const key = fields.businessName ? nameKey(fields.businessName) : '';
  const item = {
    state: DEFAULT_STATE_CODE,
    expeditedFiling: false,
    feinFiling: false,
    operatingAgreement: false,
    currentStep: 1,
    ...fields,
    completed: false,
    id,
    status: 'draft',
    paymentStatus: 'unpaid',
    createdAt: now,
    updatedAt: now,
    version: 1,
    resumeSecretHash: hashSecret(resumeSecret),
    expiresAt: expiryAfterDays(UNPAID_APPLICATION_RETENTION_DAYS),
    ...(key ? { nameKey: key } : {}),
  } satisfies ApplicationItem;
  await ddb().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(id)' }));
  return { id, resumeSecret };
}

/**
 * The application as its holder may see it. A missing or wrong secret is "not found", exactly
 * like an unknown id: an id alone reveals nothing.
 */
export async function getApplicationForHolder(id: string, secret: string | undefined): Promise<ApplicationItem> {
  const item = await readItem(id);
  if (!item || !isHolder(item, secret)) throw applicationNotFound();
  return item;
}

/**
 * Whether `secret` opens the application: the resume secret of the browser that created it, or
 * one handed out by a signed order link (grantOrderAccess).
 */
export function isHolder(item: Pick<ApplicationItem, 'resumeSecretHash' | 'orderAccessHashes'>, secret: string | undefined): boolean {
  if (!secret) return false;
  const hash = hashSecret(secret);
  return item.resumeSecretHash === hash || Boolean(item.orderAccessHashes?.includes(hash));
}

/** SET every given wizard field (+ updatedAt, nameKey, the expiry), for the holder of an open application. */
function wizardUpdate(id: string, secret: string, patch: WizardPatch, now: string): ItemUpdate {
  const change = new ItemUpdate(id).when(HOLDER, { ':secretHash': hashSecret(secret) }).when(OPEN_FOR_VISITOR, OPEN_VALUES);
  const { completed, ...fields } = patch;
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) change.set(field, value);
  // completed only ever moves forward; `false` from an autosave is not a change.
  if (completed) change.set('completed', true);
  if (patch.businessName !== undefined) {
    const key = nameKey(patch.businessName);
    if (key) change.set('nameKey', key);
    else change.remove('nameKey');
  }
  // An abandoned application is deleted a set time after its last change (docs/product.md section 11).
  return change.set('expiresAt', expiryAfterDays(UNPAID_APPLICATION_RETENTION_DAYS)).set('updatedAt', now);
}

/** The sentence a visitor gets once an order is paid: where to ask for a change instead. */
export const applicationLocked = () =>
  new ConflictError(
    'This order has been paid, so it can no longer be changed here. To ask for a change, use "Request a change" on your order page (the link is in your receipt email).',
    'application_locked',
  );

/** A payment was started for this application: a change must first cancel it. */
export const paymentPending = () => new ConflictError('A payment has been started for this application', 'payment_pending');

/** A payment is being confirmed right now: no change until it completes. */
export const paymentInProgress = () =>
  new ConflictError(
    'Your payment is being processed, so the application cannot be changed right now. Once it completes, ask for any change from your order page.',
    'payment_in_progress',
  );

/** Why a visitor's write did not apply, from the item as it is now. */
async function whyVisitorWriteFailed(id: string, secret: string): Promise<DomainError> {
  const item = await readItem(id);
  if (!item || item.resumeSecretHash !== hashSecret(secret)) return applicationNotFound();
  if (item.paymentStatus === 'pending') return item.paymentConfirming ? paymentInProgress() : paymentPending();
  if (isSettledPayment(item.paymentStatus)) return applicationLocked();
  return changedMeanwhile('saving');
}

/**
 * Autosave / add-on toggles: exactly one UpdateItem, last write wins, for the holder of an
 * application no payment has started on. 404 unknown (or not the holder), 409 otherwise
 * (a GetItem only on that path).
 */
export async function saveApplication(id: string, secret: string, patch: WizardPatch): Promise<void> {
  if (!(await update(wizardUpdate(id, secret, patch, new Date().toISOString())))) throw await whyVisitorWriteFailed(id, secret);
}

/**
 * Final submission: the whole wizard data, checked step by step (400 naming the steps), then
 * draft -> submitted in one transaction with the dashboard counter and the activity entry.
 * Already submitted: the plain save (still no read first), which refuses once payment started.
 */
export async function submitApplication(id: string, secret: string, data: WizardData): Promise<void> {
  const { submissionProblems } = await wizardRules();
  const problems = submissionProblems(data);
  if (Object.keys(problems).length) throw new ValidationError('The application is not complete yet', problems, 'application_incomplete');
  const key = nameKey(data.businessName);
  if (key && (await isNameKeyTaken(key, id)))
    throw new ConflictError(`"${data.businessName}" is already being formed by another customer: choose another name`, 'name_taken', {
      details: { businessName: ['This name is already being formed by another customer: choose another name'] },
    });
  const now = new Date().toISOString();
  const change = wizardUpdate(id, secret, { ...data, completed: true }, now)
    .set('status', 'submitted')
    .set('submittedAt', now)
    .set('listPartition', LIST_PARTITION)
    .when('#status = :draft', { ':draft': 'draft' });
  const who = [data.firstName, data.lastName].filter(Boolean).join(' ') || 'A visitor';
  const what = data.businessName ? `"${data.businessName}"` : 'an LLC';
  const submitted = await updateWith(change, [
    statusCounterUpdate('draft', 'submitted'),
    activityPut('application_submitted', `${who} submitted an application for ${what}`, id),
  ]);
  // Not a draft any more (already submitted): the plain save, which reports 404/409 itself.
  if (!submitted) await saveApplication(id, secret, { ...data, completed: true });
}

/** Hours after payment at which missing filing details are asked for once more by email. */
export const DETAILS_REMINDER_AFTER_HOURS = 24;

// ---- Payments --------------------------------------------------------------------------------

/**
 * The wizard's submission rules and defaults, for submitting and paying only: loaded when first
 * needed, so the many functions that read or move applications without checking a whole wizard
 * do not build its schemas at cold start (docs/decisions/0170).
 */
async function wizardRules() {
  const [{ submissionProblems }, { initialWizardData }] = await Promise.all([import('#shared/wizard/steps.ts'), import('#shared/wizard/data.schema.ts')]);
  return { submissionProblems, initialWizardData };
}

/**
 * Payment starts: the order is frozen. The provider intent (or session) and the price it was
 * made for are stored with a snapshot of the priced fields, at the version read; from now on
 * the visitor cannot change the application without first cancelling this payment, and a
 * payment counts only if it matches the snapshot. Only an application that passes every
 * submission rule may be paid (400 naming the steps).
 */
export async function beginPayment(
  app: ApplicationItem,
  order: ApplicationOrder,
  intent: { id: string; provider: PaymentProvider; secretHash?: string },
): Promise<void> {
  // Items hold only what was saved: the missing fields are the wizard's empty defaults.
  const { submissionProblems, initialWizardData } = await wizardRules();
  const problems = submissionProblems({ ...initialWizardData(app.userId ?? ''), ...app } as WizardData);
  if (Object.keys(problems).length)
    throw new ValidationError('The application is not complete yet: finish the wizard before paying', problems, 'application_incomplete');
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('(attribute_not_exists(#paymentStatus) OR #paymentStatus = :unpaid OR #paymentStatus = :failed OR #paymentStatus = :pending)', {
      ...OPEN_VALUES,
      ':pending': 'pending',
    })
    .when('attribute_not_exists(#paymentConfirming)')
    .set('paymentIntentId', intent.id)
    .set('paymentIntentAmountCents', order.totalCents)
    .set('paymentIntentProvider', intent.provider)
    .set('paymentStatus', 'pending')
    .set('pricedOrder', {
      totalCents: order.totalCents,
      state: order.state.code,
      expeditedFiling: Boolean(app.expeditedFiling),
      feinFiling: Boolean(app.feinFiling),
      operatingAgreement: Boolean(app.operatingAgreement),
      pricedAt: now,
    })
    .set('termsVersion', TERMS_VERSION)
    .set('updatedAt', now)
    .remove('paymentError');
  if (intent.secretHash) change.set('paymentIntentSecretHash', intent.secretHash);
  else change.remove('paymentIntentSecretHash');
  if (!(await update(change)))
    throw await whyNotWritten(app.id, (latest) =>
      isSettledPayment(latest.paymentStatus)
        ? alreadyPaid()
        : latest.paymentConfirming
          ? paymentInProgress()
          : changedMeanwhile('the payment was being set up'),
    );
}

/**
 * Cancels the open payment (already cancelled at the provider, or one no money can reach),
 * unfreezing the application for a change: only at the version read and only while no
 * confirmation is under way. 409 payment_in_progress otherwise.
 */
export async function cancelPendingPayment(app: ApplicationItem): Promise<void> {
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :pending AND attribute_not_exists(#paymentConfirming)', { ':pending': 'pending' })
    .set('paymentStatus', 'unpaid')
    .set('updatedAt', new Date().toISOString())
    .remove('paymentIntentId')
    .remove('paymentIntentAmountCents')
    .remove('paymentIntentProvider')
    .remove('paymentIntentSecretHash')
    .remove('pricedOrder');
  if (!(await update(change))) throw paymentInProgress();
}

/** The confirmation of `intentId` starts on the server (test card, Klarna order, Apple Pay charge, Amazon Pay completion): from now on no visitor change can cancel it. */
export async function beginConfirmation(app: ApplicationItem, intentId: string): Promise<ApplicationItem> {
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentIntentId = :intent AND #paymentStatus = :pending', { ':intent': intentId, ':pending': 'pending' })
    .set('paymentConfirming', intentId)
    .set('updatedAt', new Date().toISOString());
  if (!(await update(change))) throw new ConflictError('This payment session has expired: refresh the page and try again', 'payment_session_expired');
  return { ...app, paymentConfirming: intentId, version: versionOf(app) + 1 };
}

/**
 * Fulfilment's write: the application as read (`app`, at its version) becomes paid, a draft
 * also submitted with the dashboard counter, with an activity entry, in one transaction. The
 * expiry is removed: a paid order is kept. A write since the read is a 409 version_conflict:
 * read again and decide again.
 */
export async function markPaid(
  app: PaymentApplication,
  payment: { provider: PaymentProvider; reference: string; amountCents: number; currency: string },
  also: TransactItem[] = [],
): Promise<void> {
  const now = new Date().toISOString();
  const fromDraft = !app.status || app.status === 'draft';
  const change = new ItemUpdate(app.id)
    .atVersion(app.version)
    .set('paymentStatus', 'paid')
    .set('amountPaidCents', payment.amountCents)
    .set('paymentProvider', payment.provider)
    .set('paymentReference', payment.reference)
    .set('paymentCurrency', payment.currency.toLowerCase())
    .set('paidAt', now)
    .set('updatedAt', now)
    .remove('paymentError')
    .remove('paymentConfirming')
    .remove('expiresAt');
  if (fromDraft) change.set('status', 'submitted').set('listPartition', LIST_PARTITION).set('submittedAt', now);
  const who = app.businessName || [app.firstName, app.lastName].filter(Boolean).join(' ') || app.id;
  const alongside: TransactItem[] = fromDraft ? [statusCounterUpdate('draft', 'submitted')] : [];
  alongside.push(activityPut('payment_received', `Payment of ${formatCents(payment.amountCents)} received from ${who} (${payment.provider})`, app.id));
  // The receipt is queued in the same transaction: it exists exactly when the payment does.
  const order = orderForApplication(app);
  if (app.email && order) {
    alongside.push(
      outboxPut({
        kind: 'payment_received',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `paid:${app.id}`,
        payload: {
          firstName: app.firstName ?? '',
          businessName: app.businessName ?? '',
          stateName: order.state.name,
          lines: order.lines.map(({ label, amount }) => ({ label, amount })),
          total: payment.amountCents / 100,
          paidAt: now,
          provider: PROVIDER_RECEIPT_NAMES[payment.provider] ?? payment.provider,
          processingTime: order.processingTime,
          registeredAgentRenewalUsd: REGISTERED_AGENT_RENEWAL_USD,
        },
      }),
      // One reminder if the filing details are still missing a day later (the sender drops it
      // when they are complete by then: functions/email/deliver.ts).
      outboxPut(
        {
          kind: 'details_reminder',
          to: app.email,
          applicationId: app.id,
          dedupeKey: `details-reminder:${app.id}`,
          payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '' },
        },
        Date.now(),
        { sendAt: Date.now() + DETAILS_REMINDER_AFTER_HOURS * 3600_000 },
      ),
    );
  }
  // The compliance calendar's reminders (at most 5 rows), dated from the payment until the state files the LLC.
  // Imported on use: the state rules behind them stay out of the cold start of every route that reads this store.
  const { reminderPuts } = await import('../reminders.ts');
  alongside.push(...reminderPuts({ ...app, paymentStatus: 'paid', paidAt: now }), ...also);
  if (!(await updateWith(change, alongside))) throw changedMeanwhile('the payment was recorded');
}

/**
 * Money arrived that does not match the frozen order (another amount, a cancelled intent, an
 * order changed since it was priced): never recorded as paid. The application is held in
 * needs_review for staff, who refund it; the activity feed carries the alert.
 */
export async function markNeedsReview(app: PaymentApplication, review: Omit<PaymentReview, 'at'>, also: TransactItem[] = []): Promise<void> {
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id)
    .atVersion(app.version)
    .set('paymentStatus', 'needs_review')
    .set('review', { ...review, at: now })
    .set('updatedAt', now)
    .remove('paymentConfirming')
    .remove('expiresAt');
  const text = `Payment needs review: ${formatCents(review.amountCents)} ${review.currency.toUpperCase()} by ${review.provider} (${review.reference}) for ${displayName(app)}: ${review.reason}. Refund it.`;
  logger.error('payment held for review', { applicationId: app.id, provider: review.provider, reference: review.reference, reason: review.reason });
  if (!(await updateWith(change, [activityPut('payment_needs_review', text, app.id), ...also]))) throw changedMeanwhile('the payment was recorded');
}

/**
 * A declined or failed attempt: recorded unless the application is paid, refunded or held (false).
 * `also`: writes that belong to the same change (a provider event marked done).
 */
export async function recordPaymentFailure(applicationId: string, reference: string, message: string, also: TransactItem[] = []): Promise<boolean> {
  const change = new ItemUpdate(applicationId)
    .when('(attribute_not_exists(#paymentStatus) OR (#paymentStatus <> :paid AND #paymentStatus <> :refunded AND #paymentStatus <> :review))', {
      ':paid': 'paid',
      ':refunded': 'refunded',
      ':review': 'needs_review',
    })
    .set('paymentStatus', 'failed')
    .set('paymentError', message.slice(0, 500))
    .set('lastFailedPaymentReference', reference)
    .set('updatedAt', new Date().toISOString())
    .remove('paymentConfirming');
  return also.length ? updateWith(change, also) : update(change);
}

/**
 * A refund of a payment of this application, whatever its state and whenever it arrives: the
 * paid payment, the open intent (a refund that came before the intent's success), or a payment
 * held for review. Refunded is final: the success that may still arrive changes nothing
 * (functions/data/payments.ts). False when the reference is none of these or it was refunded already.
 */
export async function recordRefund(
  applicationId: string,
  reference: string,
  amountRefundedCents: number,
  actor?: AuditActor,
  also: TransactItem[] = [],
): Promise<boolean> {
  const now = new Date().toISOString();
  const change = new ItemUpdate(applicationId)
    .when('(#paymentReference = :reference OR #paymentIntentId = :reference OR #review.#reference = :reference)', { ':reference': reference })
    .when('(attribute_not_exists(#paymentStatus) OR #paymentStatus <> :refunded)', { ':refunded': 'refunded' })
    .set('paymentStatus', 'refunded')
    .set('refundedReference', reference)
    .set('amountRefundedCents', amountRefundedCents)
    .set('refundedAt', now)
    .set('updatedAt', now)
    .remove('paymentConfirming')
    .remove('expiresAt');
  // A staff refund (not a provider's notice) is audited with the person, in the same transaction.
  const audit = actor
    ? [auditPut({ actor, action: 'payment_refunded', applicationId, subject: reference, after: { paymentStatus: 'refunded', amountRefundedCents } })]
    : [];
  return updateWith(change, [
    activityPut('payment_refunded', `Payment ${reference} refunded (${formatCents(amountRefundedCents)})`, applicationId),
    ...audit,
    ...also,
  ]);
}

// ---- Staff -----------------------------------------------------------------------------------

/** An illegal or stale status move: the caller is told the status the application really has. */
const statusConflict = (message: string, currentStatus: string) => new ConflictError(message, 'status_conflict', { currentStatus });

/**
 * Staff update: new notes (one UpdateItem returning the item) and/or a status move. A move is
 * checked against the status read and written only at the version read, with the counters and
 * an activity entry in the same transaction, so of two concurrent moves exactly one wins.
 * 409 status_conflict (with currentStatus) when the move is not allowed from the status the
 * application has; 409 version_conflict when something else changed it meanwhile.
 */
export async function updateApplicationByStaff(
  id: string,
  changes: { status?: Exclude<ApplicationStatus, 'draft'>; notes?: string; fileNumber?: string; filedOn?: string },
  actor: AuditActor,
): Promise<StaffApplicationView> {
  const now = new Date().toISOString();
  if (changes.status === undefined) {
    // Notes with their audit entry (before and after), at the version read.
    const read = await getApplication(id);
    const notes = changes.notes ?? '';
    const change = new ItemUpdate(id).atVersion(versionOf(read)).set('notes', notes).set('updatedAt', now);
    const audit = auditPut({ actor, action: 'application_notes_changed', applicationId: id, before: { notes: read.notes ?? '' }, after: { notes } });
    if (!(await updateWith(change, [audit]))) throw await whyNotWritten(id, () => changedMeanwhile('saving the notes'));
    return toStaffApplication({ ...read, notes, updatedAt: now, version: versionOf(read) + 1 });
  }

  const current = await getApplication(id);
  const to = changes.status;
  const from = normaliseStatus(current.status);
  const move = staffMoveTo(to);
  const blocker = staffMoveBlocker(current, to);
  if (!move || blocker) throw statusConflict(`Cannot move this application to ${to}: ${blocker}`, from);
  // The payment is part of the condition: a refund landing between the read and the write wins.
  const change = new ItemUpdate(id).atVersion(versionOf(current)).when('#paymentStatus = :paid', { ':paid': 'paid' }).set('status', to).set('updatedAt', now);
  // The details are part of the condition too: processing starts only from complete details.
  if (to === 'processing') change.when('attribute_exists(#detailsCompletedAt)');
  if (changes.notes !== undefined) change.set('notes', changes.notes);
  if (to === 'filed') change.set('fileNumber', changes.fileNumber).set('filedOn', changes.filedOn);
  change.set(`${to}At`, now);
  const filed = to === 'filed' ? ` (file number ${changes.fileNumber}, filed ${changes.filedOn})` : '';
  const alongside: TransactItem[] = [
    statusCounterUpdate(move.from, to),
    activityPut('status_changed', `${move.action}: ${displayName(current)} moved from ${move.from} to ${to}${filed}`, id),
    auditPut({
      actor,
      action: 'application_status_changed',
      applicationId: id,
      subject: move.action,
      before: { status: from },
      after: {
        status: to,
        ...(to === 'filed' ? { fileNumber: changes.fileNumber, filedOn: changes.filedOn } : {}),
        ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
      },
    }),
  ];
  // The customer hears of every move, from the same transaction (a retried move queues one email).
  if (current.email && to === 'completed') {
    // Completed: the documents are all in the vault, and the email says so (with its link).
    alongside.push(
      outboxPut({
        kind: 'documents_ready',
        to: current.email,
        applicationId: id,
        dedupeKey: `status:${id}:${to}`,
        payload: { firstName: current.firstName ?? '', businessName: current.businessName ?? '' },
      }),
    );
  } else if (current.email) {
    alongside.push(
      outboxPut({
        kind: 'status_changed',
        to: current.email,
        applicationId: id,
        dedupeKey: `status:${id}:${to}`,
        payload: {
          firstName: current.firstName ?? '',
          businessName: current.businessName ?? '',
          status: to as 'processing' | 'filed' | 'completed',
          stateName: findState(current.state ?? '')?.name ?? current.state ?? '',
          ...(to === 'filed' ? { fileNumber: changes.fileNumber, filedOn: changes.filedOn } : {}),
        },
      }),
    );
  }
  // Filed: the compliance calendar's reminders are re-dated from the filing date (the rows are replaced).
  if (to === 'filed') alongside.push(...(await import('../reminders.ts')).reminderPuts({ ...current, filedOn: changes.filedOn }));
  const moved = await updateWith(change, alongside);
  if (!moved) {
    throw await whyNotWritten(id, (latest) => {
      const actual = normaliseStatus(latest.status);
      return actual === from && latest.paymentStatus === 'paid'
        ? new ConflictError('The application changed while saving; reload it and try again', 'version_conflict', { currentStatus: actual })
        : statusConflict(`Cannot move this application to ${to}: ${staffMoveBlocker(latest, to) ?? 'it changed meanwhile'}`, actual);
    });
  }
  const saved = toStaffApplication({ ...current, ...(to === 'filed' ? { fileNumber: changes.fileNumber, filedOn: changes.filedOn } : {}) });
  return { ...saved, status: to, ...(changes.notes !== undefined ? { notes: changes.notes } : {}), version: saved.version + 1 };
}

// ---- The order page --------------------------------------------------------------------------

/** Secrets handed out by order links, kept per order: the oldest is dropped beyond this many. */
const MAX_ORDER_ACCESS = 10;

/**
 * A signed order link was opened: a new secret that opens this order (as the resume secret
 * does), returned once and kept only as its hash. Conditional on the version read.
 */
export async function grantOrderAccess(app: ApplicationItem): Promise<string> {
  const secret = randomBytes(24).toString('base64url');
  const hashes = [...(app.orderAccessHashes ?? []), hashSecret(secret)].slice(-MAX_ORDER_ACCESS);
  const change = new ItemUpdate(app.id).atVersion(versionOf(app)).set('orderAccessHashes', hashes).set('updatedAt', new Date().toISOString());
  if (!(await update(change))) throw changedMeanwhile('the link was opened');
  return secret;
}

export const orderNotPaid = () => new ConflictError('The filing details are asked once the order is paid', 'order_not_paid');
export const detailsLocked = () =>
  new ConflictError(
    'We have started filing your LLC, so the details can no longer be changed here: send us a change request from this page instead',
    'details_locked',
  );

/** The customer may give or change the filing details: paid, and staff have not started processing. */
export function detailsEditable(app: Pick<ApplicationItem, 'paymentStatus' | 'status'>): boolean {
  return app.paymentStatus === 'paid' && normaliseStatus(app.status) === 'submitted';
}

/**
 * The customer's filing details (validated by the caller against the order's schema), the tax
 * id already sealed (`sealedTaxId`: a new one, 'keep' the one on file, or undefined for none),
 * at the version read, only while the order is paid and not yet in processing. With an
 * activity entry in the same transaction. 409 order_not_paid / details_locked / version_conflict.
 */
export async function saveFilingDetails(app: ApplicationItem, details: StoredFilingDetails, sealedTaxId: SealedValue | 'keep' | undefined): Promise<string> {
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid AND (attribute_not_exists(#status) OR #status = :submitted)', { ':paid': 'paid', ':submitted': 'submitted' })
    .set('filingDetails', details)
    .set('detailsCompletedAt', now)
    .set('updatedAt', now);
  if (sealedTaxId && sealedTaxId !== 'keep') change.set('sealedTaxId', sealedTaxId);
  else if (!sealedTaxId) change.remove('sealedTaxId');
  const first = !app.detailsCompletedAt;
  const saved = await updateWith(change, [
    activityPut('details_completed', `${displayName(app)} ${first ? 'completed' : 'changed'} the filing details`, app.id),
  ]);
  if (!saved)
    throw await whyNotWritten(app.id, (latest) =>
      latest.paymentStatus !== 'paid' ? orderNotPaid() : !detailsEditable(latest) ? detailsLocked() : changedMeanwhile('the details were saved'),
    );
  return now;
}

/** An owner revealed the sealed tax id: recorded in the activity feed and the audit trail (who, never the number). */
export async function recordTaxIdReveal(app: ApplicationItem, actor: AuditActor): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        activityPut('tax_id_revealed', `${actor.email} revealed the responsible party's tax id of ${displayName(app)}`, app.id),
        auditPut({ actor, action: 'tax_id_revealed', applicationId: app.id, subject: "the responsible party's SSN/ITIN" }),
      ],
    }),
  );
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
 * The customer cancels the registered agent renewal they agreed to (the order page's one step):
 * recorded on the paid order as read, with an activity entry for staff. Returns when.
 */
export async function cancelRenewal(app: ApplicationItem): Promise<string> {
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('renewalCancelledAt', now)
    .set('updatedAt', now);
  const done = await updateWith(change, [
    activityPut('renewal_cancelled', `The customer cancelled the registered agent renewal of ${displayName(app)}`, app.id),
  ]);
  if (!done) throw await whyNotWritten(app.id, () => changedMeanwhile('the renewal was cancelled'));
  return now;
}

/** The deadline reminders of an order are turned off (the emails' signed unsubscribe link); false when they already were, or the order is gone. */
export function unsubscribeReminders(id: string): Promise<boolean> {
  const now = new Date().toISOString();
  return update(new ItemUpdate(id).when('attribute_not_exists(#remindersUnsubscribedAt)').set('remindersUnsubscribedAt', now).set('updatedAt', now));
}

// ---- Documents -------------------------------------------------------------------------------

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
  },
): Promise<ApplicationItem> {
  const now = new Date().toISOString();
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
  const fileNumber = opts.fileNumber && !app.fileNumber ? opts.fileNumber : undefined;
  if (fileNumber) change.set('fileNumber', fileNumber);
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
        },
      }),
    );
  if (!(await updateWith(change, alongside)))
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile('the documents were recorded')));
  return { ...app, documents, ...(fileNumber ? { fileNumber } : {}), updatedAt: now, version: versionOf(app) + 1 };
}
