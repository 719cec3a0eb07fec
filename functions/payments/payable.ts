import { formatCents } from '#shared/money.ts';
import { isSettledPayment } from '#shared/payments/methods.ts';
import type { ApplicationOrder } from '#shared/payments/order.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { alreadyPaid, beginConfirmation, recordPaymentFailure } from '../data/applications/payments.ts';
import { getApplicationForHolder, priceApplication } from '../data/applications/reads.ts';
import { ConflictError, DomainError } from '../lib/errors.ts';

export interface Payable {
  app: ApplicationItem;
  order: ApplicationOrder;
}

const settled = (app: ApplicationItem) => isSettledPayment(app.paymentStatus);

/**
 * Loads an application its holder may pay and prices it on the server: 404 when unknown or the
 * resume secret is wrong, 409 when already paid (or held for review), 400 when its filing
 * state has no price. Whether it passes every submission rule is checked when payment starts
 * (beginPayment), in the same write that freezes it.
 */
export async function loadPayable(applicationId: string, secret: string | undefined): Promise<Payable> {
  const app = await getApplicationForHolder(applicationId, secret);
  if (settled(app)) throw alreadyPaid();
  return { app, order: await priceApplication(app) };
}

/**
 * The order frozen when this provider's payment started: a server-side completion (Klarna
 * order, Apple Pay charge, Amazon Pay completion, the test card) charges exactly this, and only
 * while that payment is the application's open one. 409 payment_session_expired otherwise (the
 * visitor changed the order since, or started another payment).
 */
export async function loadFrozenPayment(applicationId: string, secret: string | undefined, provider: ApplicationItem['paymentIntentProvider']) {
  const app = await getApplicationForHolder(applicationId, secret);
  if (settled(app)) throw alreadyPaid();
  const frozen = app.pricedOrder;
  if (app.paymentStatus !== 'pending' || app.paymentIntentProvider !== provider || !frozen || !app.paymentIntentId) {
    throw new ConflictError('This payment session has expired: refresh the page and try again', 'payment_session_expired');
  }
  return { app, order: await priceApplication(app), frozenCents: frozen.totalCents, intentId: app.paymentIntentId };
}

/**
 * The amount the browser showed must be the server's: otherwise 409 `{ error, code, amount }`
 * (cents) so the page refreshes its summary. The browser's figure is never charged either way.
 */
export function assertClientAmount(clientCents: number | undefined, order: ApplicationOrder): void {
  if (clientCents !== undefined && clientCents !== order.totalCents) {
    throw new ConflictError(
      `The order total is ${formatCents(order.totalCents)}: the summary has been updated, please review it and pay again`,
      'amount_changed',
      { amount: order.totalCents },
    );
  }
}

/**
 * Runs a server-side completion (`charge`: ask the provider to take the money, then fulfil)
 * with its confirmation marked started, so no visitor change can cancel the payment meanwhile.
 * When the provider refuses (declined, cancelled, another checkout), the attempt is recorded as
 * failed, which also ends the confirmation: the visitor may pay again or change the order.
 */
export async function confirmFrozenPayment<T>(frozen: Awaited<ReturnType<typeof loadFrozenPayment>>, charge: (app: ApplicationItem) => Promise<T>): Promise<T> {
  const app = await beginConfirmation(frozen.app, frozen.intentId);
  try {
    return await charge(app);
  } catch (err) {
    const refused = err instanceof DomainError && (err.kind === 'payment_required' || err.kind === 'upstream' || err.code === 'checkout_session_mismatch');
    if (refused) await recordPaymentFailure(app.id, frozen.intentId, err.message);
    throw err;
  }
}
