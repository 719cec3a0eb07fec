import { randomBytes } from 'node:crypto';
import { normaliseStatus } from '#shared/application-status.ts';
import type { RenewalCharge, RenewalEvent } from '#shared/compliance/renewal-charges.ts';
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { SavedTaxPlan } from '#shared/saved-tax-plan.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import type { SealedValue } from '../../lib/crypto/sealed.ts';
import { ConflictError } from '../../lib/errors.ts';
import { activityPut } from '../activity.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, update, updateWith, versionOf, whyNotWritten } from './item.ts';
import { hashSecret } from './reads.ts';

/**
 * The customer's writes after payment, from the order page and its emails: the access an order
 * link grants, the filing details, the renewal cancelled, the reminders turned off.
 */

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
    // Paid, submitted and now complete (the condition): ready for a person, the promise's clock from now.
    .queueAt('ready', now)
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

/**
 * The customer cancels the registered agent renewal they agreed to (the order page's one step):
 * recorded on the paid order as read, with an activity entry for staff. Returns when.
 */
export async function cancelRenewal(
  app: ApplicationItem,
  confirmation?: (cancelledAt: string) => TransactItem,
  refunded?: { charge: RenewalCharge; event: RenewalEvent; also: TransactItem[] },
  now = new Date().toISOString(),
): Promise<string> {
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('renewalCancelledAt', now)
    .set('updatedAt', now);
  // The renewal refunded with the cancellation (the Refund Policy's 30 days): recorded with it.
  if (refunded) change.set('renewalCharge', refunded.charge).append('renewalHistory', [refunded.event]);
  const done = await updateWith(change, [
    ...(refunded?.also ?? []),
    activityPut('renewal_cancelled', `The customer cancelled the registered agent renewal of ${displayName(app)}`, app.id),
    // The confirmation email, written with the change that causes it.
    ...(confirmation ? [confirmation(now)] : []),
  ]);
  if (!done) throw await whyNotWritten(app.id, () => changedMeanwhile('the renewal was cancelled'));
  return now;
}

/**
 * Undoes the cancellation of the renewal (until the service ends): the renewal the customer agreed
 * to stands again, at the price agreed. The caller checks the date.
 */
export async function resumeRenewal(app: ApplicationItem, rows: TransactItem[] = [], confirmation?: TransactItem): Promise<void> {
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .remove('renewalCancelledAt')
    .set('updatedAt', now);
  const done = await updateWith(change, [
    activityPut('renewal_resumed', `The customer undid the cancellation of the registered agent renewal of ${displayName(app)}`, app.id),
    // The renewal's notice and charge rows, which the sweeps dropped when it was cancelled.
    ...rows,
    // The confirmation email, written with the change that causes it.
    ...(confirmation ? [confirmation] : []),
  ]);
  if (!done) throw await whyNotWritten(app.id, () => changedMeanwhile('the renewal was changed'));
}

/**
 * The order page turns the deadline reminders back on, with the reminder rows the sweep dropped
 * when they were turned off (`rows`, written in the same transaction); false when they were on.
 */
export function resubscribeReminders(id: string, rows: TransactItem[] = []): Promise<boolean> {
  return updateWith(
    new ItemUpdate(id).when('attribute_exists(#remindersUnsubscribedAt)').remove('remindersUnsubscribedAt').set('updatedAt', new Date().toISOString()),
    rows,
  );
}

/** The deadline reminders of an order are turned off (the emails' signed unsubscribe link); false when they already were, or the order is gone. */
export function unsubscribeReminders(id: string): Promise<boolean> {
  const now = new Date().toISOString();
  return update(new ItemUpdate(id).when('attribute_not_exists(#remindersUnsubscribedAt)').set('remindersUnsubscribedAt', now).set('updatedAt', now));
}

/**
 * The customer saves their tax plan on the paid order (the planner opened from the order page):
 * the inputs only, replacing the plan saved before, at the version read, with the reminder rows
 * of its estimated-tax dates (`rows`) in the same transaction. 409 order_not_paid / version_conflict.
 */
export async function saveTaxPlan(app: ApplicationItem, plan: SavedTaxPlan, rows: TransactItem[] = []): Promise<void> {
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('savedTaxPlan', plan)
    .set('updatedAt', plan.savedAt);
  if (!(await updateWith(change, rows)))
    throw await whyNotWritten(app.id, (latest) =>
      latest.paymentStatus !== 'paid' ? new ConflictError('A tax plan is saved on a paid order', 'order_not_paid') : changedMeanwhile('the tax plan was saved'),
    );
}

/**
 * The customer removes their saved tax plan (the planner on the order page): at the version read.
 * The estimated-tax dates then say no plan is saved. 409 version_conflict; removing no plan changes nothing.
 */
export async function removeTaxPlan(app: ApplicationItem): Promise<void> {
  if (!app.savedTaxPlan) return;
  const change = new ItemUpdate(app.id).atVersion(versionOf(app)).remove('savedTaxPlan').set('updatedAt', new Date().toISOString());
  if (!(await update(change))) throw await whyNotWritten(app.id, () => changedMeanwhile('the tax plan was removed'));
}
