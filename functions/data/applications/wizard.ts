import { randomBytes, randomUUID } from 'node:crypto';
import { addOnFlags } from '#shared/catalog/catalog.ts';
import { emailKey } from '#shared/orders/email-key.ts';
import { isSettledPayment } from '#shared/payments/methods.ts';
import { expiryAfterDays, UNPAID_APPLICATION_RETENTION_DAYS } from '#shared/retention.ts';
import { DEFAULT_STATE_CODE } from '#shared/states.ts';
import { nameKey } from '#shared/wizard/business-name.ts';
import type { WizardData, WizardPatch } from '#shared/wizard/data.schema.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { PutCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { applicationNotFound, ConflictError, type DomainError, ValidationError } from '../../lib/errors.ts';
import { activityPut } from '../activity.ts';
import { statusCounterUpdate } from '../counters.ts';
import { searchIndexChanges, UNPAID_INDEX_RETENTION_DAYS } from '../search-index.ts';
import { type ApplicationItem, changedMeanwhile, ItemUpdate, LIST_PARTITION, readItem, table, update, updateWith, versionOf } from './item.ts';
import { accessEnded, hashSecret, isHolder, isNameKeyTaken, wasEndedByAddressChange } from './reads.ts';

/**
 * The wizard's writes: the visitor's first save creates the draft, autosaves change it, and the
 * submission moves it from draft to submitted. Only the holder of the resume secret writes, and
 * only while no payment has started (./payments.ts freezes the order).
 */

/**
 * The holder's condition: the hash of the secret the request carried is the stored resume
 * secret's, or one an emailed link handed out (./order-page.ts grantOrderAccess), so an unpaid
 * application continues in any browser that opened its "continue" link.
 */
const HOLDER = '(#resumeSecretHash = :secretHash OR contains(#orderAccessHashes, :secretHash))';

/**
 * Payment statuses in which the visitor may still change the application. `pending` is not one:
 * a change then first cancels the open payment (functions/applications/visitor-changes.ts).
 */
const OPEN_FOR_VISITOR = '(attribute_not_exists(#paymentStatus) OR #paymentStatus = :unpaid OR #paymentStatus = :failed)';
export const OPEN_VALUES = { ':unpaid': 'unpaid', ':failed': 'failed' };

/**
 * The wizard's submission rules and defaults, for submitting and paying only: loaded when first
 * needed, so the many functions that read or move applications without checking a whole wizard
 * do not build its schemas at cold start (docs/decisions/0170).
 */
export async function wizardRules() {
  const [{ submissionProblems }, { initialWizardData }] = await Promise.all([import('#shared/wizard/steps.ts'), import('#shared/wizard/data.schema.ts')]);
  return { submissionProblems, initialWizardData };
}

/** New draft from a first save: one PutItem, version 1. The resume secret is returned once. */
export async function createApplication(data: WizardPatch): Promise<{ id: string; resumeSecret: string }> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const resumeSecret = randomBytes(24).toString('base64url');
  const { completed: _ignored, ...fields } = data;
  const key = fields.businessName ? nameKey(fields.businessName) : '';
  const mailKey = fields.email ? emailKey(fields.email) : '';
  const item = {
    state: DEFAULT_STATE_CODE,
    ...addOnFlags({}),
    dbaName: '',
    dbaCounty: '',
    ownersUsPersons: '',
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
    ...(mailKey ? { emailKey: mailKey } : {}),
  } satisfies ApplicationItem;
  await ddb().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(id)' }));
  return { id, resumeSecret };
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
  if (patch.email !== undefined) {
    const key = emailKey(patch.email);
    if (key) change.set('emailKey', key);
    else change.remove('emailKey');
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
  if (item && !isHolder(item, secret) && wasEndedByAddressChange(item, secret)) return accessEnded();
  if (!item || !isHolder(item, secret)) return applicationNotFound();
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
  const now = new Date().toISOString();
  if (!SEARCHED_FIELDS.some((f) => patch[f] !== undefined)) {
    if (!(await update(wizardUpdate(id, secret, patch, now)))) throw await whyVisitorWriteFailed(id, secret);
    return;
  }
  // A draft is not searched: its save stays one UpdateItem.
  if (await update(wizardUpdate(id, secret, patch, now).when('#status = :draft', { ':draft': 'draft' }))) return;
  // A submitted order is: its search entries change with the save, in one transaction at the version read.
  const item = await readItem(id);
  if (!item || item.status === 'draft' || !isHolder(item, secret)) throw await whyVisitorWriteFailed(id, secret);
  const change = wizardUpdate(id, secret, patch, now).atVersion(versionOf(item));
  const index = searchIndexChanges(item, { ...item, ...patch }, { expiresAt: expiryAfterDays(UNPAID_INDEX_RETENTION_DAYS) });
  if (!(await updateWith(change, index))) throw await whyVisitorWriteFailed(id, secret);
}

/** The wizard fields staff search by (shared/staff/search.ts). */
const SEARCHED_FIELDS = ['firstName', 'lastName', 'email', 'businessName'] as const;

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
    .queueAt('unpaid', now)
    .when('#status = :draft', { ':draft': 'draft' });
  const who = [data.firstName, data.lastName].filter(Boolean).join(' ') || 'A visitor';
  const what = data.businessName ? `"${data.businessName}"` : 'an LLC';
  const submitted = await updateWith(change, [
    statusCounterUpdate('draft', 'submitted'),
    activityPut('application_submitted', `${who} submitted an application for ${what}`, id),
    // Submitted: staff can find it (a draft has no search entries to replace).
    ...searchIndexChanges(undefined, { ...data, id, status: 'submitted' }, { expiresAt: expiryAfterDays(UNPAID_INDEX_RETENTION_DAYS) }),
  ]);
  // Not a draft any more (already submitted): the plain save, which reports 404/409 itself.
  if (!submitted) await saveApplication(id, secret, { ...data, completed: true });
}
