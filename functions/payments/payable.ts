import { formatCents } from '#shared/money.ts';
import { type ApplicationOrder, orderForApplication } from '#shared/payments/order.ts';
import { getApplicationForPayment, type PaymentApplication } from '../data/payments.ts';
import { type ApiResult, HttpError, json } from '../lib/http.ts';

export interface Payable {
  app: PaymentApplication;
  order: ApplicationOrder;
}

/**
 * Loads an application that can be paid and prices it on the server: 404 when unknown, 409 when
 * already paid, 400 when its filing state has no price.
 */
export async function loadPayable(applicationId: string): Promise<Payable> {
  const app = await getApplicationForPayment(applicationId);
  if (!app) throw new HttpError(404, 'Application not found');
  if (app.paymentStatus === 'paid' || app.paymentStatus === 'refunded') throw new HttpError(409, 'This application has already been paid');
  const order = orderForApplication(app);
  if (!order) throw new HttpError(400, 'The application has no valid filing state: go back to the wizard and choose one');
  return { app, order };
}

/**
 * The amount the browser showed must be the server's: otherwise 409 `{ error, amount }` so the
 * page refreshes its summary. The browser's figure is never charged either way.
 */
export class AmountChangedError extends HttpError {
  constructor(readonly amountCents: number) {
    super(409, `The order total is ${formatCents(amountCents)}: the summary has been updated, please review it and pay again`);
  }
}

export function assertClientAmount(clientCents: number | undefined, order: ApplicationOrder): void {
  if (clientCents !== undefined && clientCents !== order.totalCents) throw new AmountChangedError(order.totalCents);
}

/**
 * The routes that start a payment (card, Klarna, Amazon Pay): 200 with what `start` returns, or
 * 409 `{ error, amount }` (cents) when the browser's amount is not the server's, so the page
 * refreshes its summary; nothing was charged.
 */
export async function startPaymentResponse(start: () => Promise<unknown>): Promise<ApiResult> {
  try {
    return json(200, await start());
  } catch (err) {
    if (err instanceof AmountChangedError) return json(409, { error: err.message, amount: err.amountCents });
    throw err;
  }
}
