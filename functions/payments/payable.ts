import { formatCents } from '#shared/money.ts';
import type { ApplicationOrder } from '#shared/payments/order.ts';
import { alreadyPaid, type PaymentApplication, priceApplication, toPaymentApplication } from '../data/applications/item.ts';
import { getApplication } from '../data/applications/store.ts';
import { ConflictError } from '../lib/errors.ts';

interface Payable {
  app: PaymentApplication;
  order: ApplicationOrder;
}

/**
 * Loads an application that can be paid and prices it on the server: 404 when unknown, 409 when
 * already paid, 400 when its filing state has no price.
 */
export async function loadPayable(applicationId: string): Promise<Payable> {
  const app = toPaymentApplication(await getApplication(applicationId));
  if (app.paymentStatus === 'paid' || app.paymentStatus === 'refunded') throw alreadyPaid();
  return { app, order: priceApplication(app) };
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
