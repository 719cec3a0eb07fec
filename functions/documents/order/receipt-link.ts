import { orderNumber } from '#shared/orders/conversation.schema.ts';
import type { DocumentLink } from '#shared/orders/documents.schema.ts';
import { PROVIDER_RECEIPT_NAMES } from '#shared/payments/methods.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import { refundArrival } from '#shared/payments/refunds.ts';
import type { ApplicationItem } from '../../data/applications/item.ts';
import { getOperatorSettings } from '../../data/operator-settings.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { ReceiptInput } from '../receipt.ts';
import { type OrderReceipt, orderReceipts } from './receipts.ts';
import { downloadLink, objectSize, orderDocumentKey, putDocument } from './storage.ts';

/**
 * A receipt's PDF (./receipts.ts), written from the order and the operator's settings the first
 * time it is asked for and kept under the receipt's id. Only the download routes import this:
 * the renderer and its fonts stay out of the order page's function.
 */

/** 409 seller_not_set: no receipt is written without the seller it must name. */
const sellerNotSet = () =>
  new ConflictError("The receipt cannot be written yet: the seller's legal name and address are not set. Contact us and we will send it.", 'seller_not_set');

async function receiptInput(app: ApplicationItem, receipt: OrderReceipt): Promise<ReceiptInput> {
  const settings = await getOperatorSettings();
  if (!settings.legalName || !settings.address) throw sellerNotSet();
  const base = {
    orderNumber: orderNumber(app.id),
    businessName: app.businessName ?? '',
    customer: { name: [app.firstName, app.lastName].filter(Boolean).join(' '), email: app.email ?? '' },
    seller: { legalName: settings.legalName, address: settings.address, supportEmail: settings.supportEmail },
    method: PROVIDER_RECEIPT_NAMES[app.paymentProvider ?? ''] ?? app.paymentProvider ?? 'Card',
  };
  const paidUsd = (app.amountPaidCents ?? 0) / 100;
  if ('refundId' in receipt.subject) {
    const refunds = app.refunds ?? [];
    const index = refunds.findIndex((r) => 'refundId' in receipt.subject && r.id === receipt.subject.refundId);
    const refund = refunds[index];
    const toDate = refunds.slice(0, index + 1).reduce((sum, r) => sum + r.amountCents, 0);
    return {
      ...base,
      kind: 'refund',
      refundedAt: refund.at,
      refundId: refund.id,
      amountUsd: refund.amountCents / 100,
      reason: refund.reason,
      paidUsd,
      refundedToDateUsd: toDate / 100,
      arrival: refundArrival(app.paymentProvider),
    };
  }
  if ('purchaseId' in receipt.subject) {
    // An add-on bought after payment: its own payment, at the price frozen on the purchase.
    const purchaseId = receipt.subject.purchaseId;
    const purchase = (app.purchases ?? []).find((p) => p.id === purchaseId);
    return {
      ...base,
      method: 'Card',
      kind: 'payment',
      paidAt: purchase?.paidAt ?? receipt.createdAt,
      ...(purchase?.reference ? { reference: purchase.reference } : {}),
      lines: (purchase?.lines ?? []).map(({ label, amount }) => ({ label, amount })),
      totalUsd: (purchase?.totalCents ?? 0) / 100,
    };
  }
  // The same price function checkout used, on the order as it was frozen when payment started.
  const order = orderForApplication({ ...app, ...(app.pricedOrder ? { state: app.pricedOrder.state } : {}) });
  return {
    ...base,
    kind: 'payment',
    paidAt: app.paidAt ?? receipt.createdAt,
    ...(app.paymentReference ? { reference: app.paymentReference } : {}),
    lines: (order?.lines ?? []).map(({ label, amount }) => ({ label, amount })),
    totalUsd: paidUsd,
  };
}

/**
 * A 5-minute link to one of the order's receipts, its PDF written first if it was never asked
 * for; undefined when `documentId` is no receipt of this order. 409 seller_not_set.
 */
export async function receiptLink(app: ApplicationItem, documentId: string): Promise<DocumentLink | undefined> {
  const receipt = orderReceipts(app).find((r) => r.id === documentId);
  if (!receipt) return undefined;
  const key = orderDocumentKey(app.id, receipt.id);
  const bought = 'purchaseId' in receipt.subject ? `-${receipt.subject.purchaseId.slice(0, 9)}` : '';
  const fileName = `${receipt.kind === 'receipt' ? 'receipt' : 'refund-receipt'}-${orderNumber(app.id)}${bought}.pdf`;
  if ((await objectSize(key)) === undefined) {
    // The renderer and its fonts load only when a receipt is first written.
    const { receiptPdf } = await import('../receipt.ts');
    const made = await receiptPdf(await receiptInput(app, receipt));
    await putDocument(key, made.bytes, fileName);
  }
  return downloadLink(key, fileName);
}
