import { randomUUID } from 'node:crypto';
import { type ApplicationStatus, isAllowedStaffMove, normaliseStatus, staffMoveTo } from '#shared/application-status.ts';
import { formatCents } from '#shared/money.ts';
import type { PaymentProvider } from '#shared/payments/methods.ts';
import { type ApplicationListQuery, STAFF_APPLICATIONS_PAGE_SIZE } from '#shared/staff/applications.ts';
import { DEFAULT_STATE_CODE } from '#shared/states.ts';
import { nameKey } from '#shared/wizard/business-name.ts';
import type { WizardData, WizardPatch } from '#shared/wizard/schema.ts';
import { submissionProblems } from '#shared/wizard/steps.ts';
import { ddb, tableName, writeIf } from '../../lib/clients/dynamodb.ts';
import {
  ConditionalCheckFailedException,
  GetCommand,
  PutCommand,
  QueryCommand,
  type TransactItem,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} from '../../lib/clients/dynamodb-sdk.ts';
import { applicationNotFound, ConflictError, type DomainError, ValidationError } from '../../lib/errors.ts';
import { activityPut } from '../activity.ts';
import { statusCounterUpdate } from '../counters.ts';
import {
  APPLICATION_INDEXES,
  type ApplicationItem,
  alreadyPaid,
  displayName,
  LIST_PARTITION,
  type PaymentApplication,
  type StaffApplicationView,
  toStaffApplication,
  versionOf,
} from './item.ts';
import { decodePositions, pageFrom, streamsFor } from './staff-list.ts';

/**
 * The applications table: the only module that sends it commands. Every write bumps the item's
 * `version`; writes that act on what was read (fulfilment, staff moves, the Sunbiz record) are
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

const UNPAID = '(attribute_not_exists(#paymentStatus) OR #paymentStatus <> :paid)';
const NOT_PAID_OR_REFUNDED = '(attribute_not_exists(#paymentStatus) OR (#paymentStatus <> :paid AND #paymentStatus <> :refunded))';

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

/** Whether a submitted application (drafts do not hold a name) has this name key: one Query. */
export async function isNameKeyTaken(key: string): Promise<boolean> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: APPLICATION_INDEXES.byNameKey,
      KeyConditionExpression: 'nameKey = :k',
      FilterExpression: '#status <> :draft',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':k': key, ':draft': 'draft' },
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

/** New draft from a first save: one PutItem, version 1. */
export async function createApplication(data: WizardPatch): Promise<{ id: string }> {
  const now = new Date().toISOString();
  const id = randomUUID();
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
    ...(key ? { nameKey: key } : {}),
  } satisfies ApplicationItem;
  await ddb().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(id)' }));
  return { id };
}

/** SET every given wizard field (+ updatedAt, nameKey), only while the application is unpaid. */
function wizardUpdate(id: string, patch: WizardPatch, now: string): ItemUpdate {
  const change = new ItemUpdate(id).when(UNPAID, { ':paid': 'paid' });
  const { completed, ...fields } = patch;
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) change.set(field, value);
  // completed only ever moves forward; `false` from an autosave is not a change.
  if (completed) change.set('completed', true);
  if (patch.businessName !== undefined) {
    const key = nameKey(patch.businessName);
    if (key) change.set('nameKey', key);
    else change.remove('nameKey');
  }
  return change.set('updatedAt', now);
}

const paidApplication = () => new ConflictError('This application has been paid for and can no longer be changed', 'application_paid');

/**
 * Autosave / add-on toggles: exactly one UpdateItem, last write wins. 404 unknown, 409 paid
 * (a GetItem only on that path).
 */
export async function saveApplication(id: string, patch: WizardPatch): Promise<void> {
  if (!(await update(wizardUpdate(id, patch, new Date().toISOString())))) throw await whyNotWritten(id, paidApplication);
}

/**
 * Final submission: the whole wizard data, checked step by step (400 naming the steps), then
 * draft -> submitted in one transaction with the dashboard counter and the activity entry.
 * Already submitted: the plain save (still no read first).
 */
export async function submitApplication(id: string, data: WizardData): Promise<void> {
  const problems = submissionProblems(data);
  if (Object.keys(problems).length) throw new ValidationError('The application is not complete yet', problems, 'application_incomplete');
  const now = new Date().toISOString();
  const change = wizardUpdate(id, { ...data, completed: true }, now)
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
  if (!submitted) await saveApplication(id, { ...data, completed: true });
}

// ---- Payments --------------------------------------------------------------------------------

/**
 * Stores the provider intent (or session) the visitor is about to pay, unless the application
 * was paid meanwhile (409) or no longer exists (404).
 */
export async function recordPaymentIntent(
  applicationId: string,
  intent: { id: string; amountCents: number; provider: PaymentProvider; secretHash?: string },
): Promise<void> {
  const change = new ItemUpdate(applicationId)
    .when(UNPAID, { ':paid': 'paid' })
    .set('paymentIntentId', intent.id)
    .set('paymentIntentAmountCents', intent.amountCents)
    .set('paymentIntentProvider', intent.provider)
    .set('paymentStatus', 'pending')
    .set('updatedAt', new Date().toISOString())
    .remove('paymentError');
  if (intent.secretHash) change.set('paymentIntentSecretHash', intent.secretHash);
  else change.remove('paymentIntentSecretHash');
  if (!(await update(change))) throw await whyNotWritten(applicationId, alreadyPaid);
}

/**
 * Fulfilment's write: the application as read (`app`, at its version) becomes paid, a draft
 * also submitted with the dashboard counter, with an activity entry, in one transaction.
 * A write since the read is a 409 version_conflict: read again and decide again.
 */
export async function markPaid(
  app: PaymentApplication,
  payment: { provider: PaymentProvider; reference: string; amountCents: number; currency: string },
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
    .remove('paymentError');
  if (fromDraft) change.set('status', 'submitted').set('listPartition', LIST_PARTITION).set('submittedAt', now);
  const who = app.businessName || [app.firstName, app.lastName].filter(Boolean).join(' ') || app.id;
  const alongside: TransactItem[] = fromDraft ? [statusCounterUpdate('draft', 'submitted')] : [];
  alongside.push(activityPut('payment_received', `Payment of ${formatCents(payment.amountCents)} received from ${who} (${payment.provider})`, app.id));
  if (!(await updateWith(change, alongside))) throw changedMeanwhile('the payment was recorded');
}

/** A declined or failed attempt: recorded unless the application is paid or refunded (false). */
export async function recordPaymentFailure(applicationId: string, reference: string, message: string): Promise<boolean> {
  return update(
    new ItemUpdate(applicationId)
      .when(NOT_PAID_OR_REFUNDED, { ':paid': 'paid', ':refunded': 'refunded' })
      .set('paymentStatus', 'failed')
      .set('paymentError', message.slice(0, 500))
      .set('lastFailedPaymentReference', reference)
      .set('updatedAt', new Date().toISOString()),
  );
}

/** A refund of the recorded payment (false for any other reference): refunded, with an activity entry. */
export async function recordRefund(applicationId: string, reference: string, amountRefundedCents: number): Promise<boolean> {
  const now = new Date().toISOString();
  const change = new ItemUpdate(applicationId)
    .when('#paymentReference = :reference AND #paymentStatus = :paid', { ':reference': reference, ':paid': 'paid' })
    .set('paymentStatus', 'refunded')
    .set('amountRefundedCents', amountRefundedCents)
    .set('refundedAt', now)
    .set('updatedAt', now);
  return updateWith(change, [activityPut('payment_refunded', `Payment ${reference} refunded (${formatCents(amountRefundedCents)})`, applicationId)]);
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
  changes: { status?: Exclude<ApplicationStatus, 'draft'>; notes?: string },
): Promise<StaffApplicationView> {
  const now = new Date().toISOString();
  if (changes.status === undefined) {
    const change = new ItemUpdate(id).set('notes', changes.notes ?? '').set('updatedAt', now);
    try {
      const out = await ddb().send(new UpdateCommand({ ...change.input, ReturnValues: 'ALL_NEW' }));
      return toStaffApplication(out.Attributes as ApplicationItem);
    } catch (err) {
      throw err instanceof ConditionalCheckFailedException ? applicationNotFound() : err;
    }
  }

  const current = await getApplication(id);
  const to = changes.status;
  const from = normaliseStatus(current.status);
  const move = staffMoveTo(to);
  if (!move || !isAllowedStaffMove(from, to)) {
    throw statusConflict(`Cannot move an application from ${from} to ${to}; ${move ? `only ${move.from} applications can` : 'that is not a staff move'}`, from);
  }
  const change = new ItemUpdate(id).atVersion(versionOf(current)).set('status', to).set('updatedAt', now);
  if (changes.notes !== undefined) change.set('notes', changes.notes);
  const moved = await updateWith(change, [
    statusCounterUpdate(move.from, to),
    activityPut('status_changed', `${move.action}: ${displayName(current)} moved from ${move.from} to ${to}`, id),
  ]);
  if (!moved) {
    throw await whyNotWritten(id, (latest) => {
      const actual = normaliseStatus(latest.status);
      return actual === from
        ? new ConflictError('The application changed while saving; reload it and try again', 'version_conflict', { currentStatus: actual })
        : statusConflict(`The application is ${actual} now, so it cannot move from ${move.from} to ${to}`, actual);
    });
  }
  const saved = toStaffApplication(current);
  return { ...saved, status: to, ...(changes.notes !== undefined ? { notes: changes.notes } : {}), version: saved.version + 1 };
}

/** Records the Sunbiz document generated from `app` (as read), with an activity entry; 409 if it changed since. */
export async function recordSunbizDocument(app: ApplicationItem, key: string): Promise<StaffApplicationView> {
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id).atVersion(versionOf(app)).set('sunbizDocumentKey', key).set('sunbizGeneratedAt', now).set('updatedAt', now);
  const recorded = await updateWith(change, [activityPut('sunbiz_generated', `Sunbiz Articles of Organization generated for ${displayName(app)}`, app.id)]);
  if (!recorded) throw await whyNotWritten(app.id, () => changedMeanwhile('its document was generated'));
  return toStaffApplication({ ...app, sunbizDocumentKey: key, sunbizGeneratedAt: now, version: versionOf(app) + 1 });
}
