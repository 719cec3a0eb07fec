import type { Purchase } from '#shared/orders/purchases.ts';
import { queueStageOf } from '#shared/staff/work-queue.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { activityPut } from '../activity.ts';
import { statusCounterUpdate } from '../counters.ts';
import { type ApplicationItem, displayName, ItemUpdate, updateWith, versionOf } from './item.ts';

/**
 * The writes of add-ons bought after payment (docs/decisions/0424; functions/orders/purchases.ts
 * decides them). The order's `purchases` list is written whole, at the version read: two
 * purchases started at once, a payment recorded twice (the page and the webhook), or a purchase
 * and a staff move never overwrite each other; the loser reads again and decides again.
 */

/** The list with `purchase` added or replaced by id; `replacing`: a pending purchase it supersedes, marked failed. */
function withPurchase(app: Pick<ApplicationItem, 'purchases'>, purchase: Purchase, replacing?: string): Purchase[] {
  const list = (app.purchases ?? []).map((p): Purchase => {
    if (p.id === purchase.id) return purchase;
    return p.id === replacing && p.state === 'pending' ? { ...p, state: 'failed', failure: 'Replaced by a new attempt' } : p;
  });
  return list.some((p) => p.id === purchase.id) ? list : [...list, purchase];
}

/**
 * Adds a purchase (pending, or paid at once) to a paid order, at the version read; `replacing`:
 * the add-on's pending purchase it supersedes (its payment cancelled first). False when the order
 * changed meanwhile.
 */
export async function addPurchase(
  app: ApplicationItem,
  purchase: Purchase,
  alongside: (app: ApplicationItem) => TransactItem[],
  replacing?: string,
  now = new Date().toISOString(),
): Promise<boolean> {
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('purchases', withPurchase(app, purchase, replacing))
    .set('updatedAt', now);
  const extra = purchase.state === 'paid' ? paidChanges(app, change, purchase, now) : [];
  return updateWith(change, [...extra, ...alongside(app)]);
}

/**
 * Records a purchase's payment at the version read (money taken is recorded whatever became of the
 * order since). An order completed before it goes back to filed, as an owner's reopening does:
 * what it bought is owed, and "completed" waits for it (Mark Complete's deliverables rule).
 */
export async function recordPurchasePaid(app: ApplicationItem, paid: Purchase, alongside: TransactItem[], now = new Date().toISOString()): Promise<boolean> {
  const change = new ItemUpdate(app.id).atVersion(versionOf(app)).set('purchases', withPurchase(app, paid)).set('updatedAt', now);
  return updateWith(change, [...paidChanges(app, change, paid, now), ...alongside]);
}

/** Records a purchase's failed attempt (a declined card), at the version read. */
export async function recordPurchaseFailed(app: ApplicationItem, failed: Purchase, now = new Date().toISOString()): Promise<boolean> {
  const change = new ItemUpdate(app.id).atVersion(versionOf(app)).set('purchases', withPurchase(app, failed)).set('updatedAt', now);
  return updateWith(change, []);
}

/** Records a refund of a purchase's payment (the provider's notice), at the version read. */
export async function recordPurchaseRefund(
  app: ApplicationItem,
  refunded: Purchase,
  alongside: TransactItem[],
  now = new Date().toISOString(),
): Promise<boolean> {
  const change = new ItemUpdate(app.id).atVersion(versionOf(app)).set('purchases', withPurchase(app, refunded)).set('updatedAt', now);
  return updateWith(change, alongside);
}

/**
 * What a paid purchase changes beside the list: what the customer typed to buy it set on the order
 * (the DBA's name and county, which the deliverables, the staff screens, the documents and the
 * exports read, docs/decisions/0433), and a completed order reopened (back to filed), with its
 * counters and history.
 */
function paidChanges(app: ApplicationItem, change: ItemUpdate, paid: Purchase, now: string): TransactItem[] {
  if (paid.details?.dbaName) {
    change.set('dbaName', paid.details.dbaName);
    if (paid.details.dbaCounty) change.set('dbaCounty', paid.details.dbaCounty);
    else if (app.dbaCounty) change.remove('dbaCounty');
  }
  if (app.status !== 'completed') return [];
  change
    .set('status', 'filed')
    .set('reopenedAt', now)
    .remove('completedAt')
    .queueAt(queueStageOf({ status: 'filed', paymentStatus: app.paymentStatus, documents: app.documents }), now);
  return [
    statusCounterUpdate('completed', 'filed'),
    activityPut('order_reopened', `Reopen: ${displayName(app)} moved from completed back to filed (the customer bought ${paid.name} after payment)`, app.id),
  ];
}
