import { MAX_PAYERS_PER_ORDER, payerExpiry, type StoredPayer } from '#shared/payers/payers.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { seriesReminderPuts } from '../reminders.ts';
import { type ApplicationItem, changedMeanwhile, ItemUpdate, update, updateWith, versionOf, whyNotWritten } from './item.ts';

/**
 * The customer's payer list (docs/decisions/0426-w9-switch.md): a bounded list on the order's
 * item, each change one write of the whole list at the version read, only while the order is
 * paid. 409 order_not_paid, payers_full or version_conflict; 404 payer_not_found.
 */

export const payersNotPaid = () => new ConflictError('Payers are listed on a paid order', 'order_not_paid');
export const payersFull = () =>
  new ConflictError(`This order lists ${MAX_PAYERS_PER_ORDER} payers, the most it keeps: remove one you no longer work with first`, 'payers_full');
export const payerNotFound = () => new NotFoundError('No such payer on this order', 'payer_not_found');

const expiries = (payers: readonly StoredPayer[] | undefined) =>
  (payers ?? [])
    .flatMap((p) => payerExpiry(p)?.expiresOn ?? [])
    .sort()
    .join();

async function writePayers(app: ApplicationItem, payers: StoredPayer[], now: string, what: string): Promise<ApplicationItem> {
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('payers', payers)
    .set('updatedAt', now);
  // A platform's tax-form expiry dated or moved: its reminder row is written again (docs/decisions/0432).
  const reminders = expiries(payers) !== expiries(app.payers) ? seriesReminderPuts({ ...app, payers }, 'payer-tax-form', Date.parse(now)) : [];
  // The January 1099 check's row, written with every list that has payers (an order listed before the email existed gets it too); the sweep drops it once the list is empty.
  if (payers.length) reminders.push(...seriesReminderPuts({ ...app, payers }, 'forms-1099', Date.parse(now)));
  if (!(await (reminders.length ? updateWith(change, reminders) : update(change))))
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? payersNotPaid() : changedMeanwhile(what)));
  return { ...app, payers, updatedAt: now, version: versionOf(app) + 1 };
}

/** Adds `payer` to the list of the order read as `app`. */
export function addPayer(app: ApplicationItem, payer: StoredPayer): Promise<ApplicationItem> {
  if (app.paymentStatus !== 'paid') throw payersNotPaid();
  const existing = app.payers ?? [];
  if (existing.length >= MAX_PAYERS_PER_ORDER) throw payersFull();
  return writePayers(app, [...existing, payer], payer.updatedAt, 'the payer was added');
}

/** Replaces the payer `id` by what `change` makes of it. */
export function changePayer(app: ApplicationItem, id: string, change: (payer: StoredPayer) => StoredPayer, now: string): Promise<ApplicationItem> {
  if (app.paymentStatus !== 'paid') throw payersNotPaid();
  const existing = app.payers ?? [];
  if (!existing.some((p) => p.id === id)) throw payerNotFound();
  return writePayers(
    app,
    existing.map((p) => (p.id === id ? change(p) : p)),
    now,
    'the payer was saved',
  );
}

/** Removes the payer `id`. */
export function removePayer(app: ApplicationItem, id: string, now: string): Promise<ApplicationItem> {
  if (app.paymentStatus !== 'paid') throw payersNotPaid();
  const existing = app.payers ?? [];
  if (!existing.some((p) => p.id === id)) throw payerNotFound();
  return writePayers(
    app,
    existing.filter((p) => p.id !== id),
    now,
    'the payer was removed',
  );
}
