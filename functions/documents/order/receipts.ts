import { createHash } from 'node:crypto';
import { orderNumber } from '#shared/orders/conversation.schema.ts';
import type { ApplicationItem } from '../../data/applications/item.ts';

/**
 * The receipts of an order's vault (docs/product.md section 10, "Receipts"): one for the payment,
 * one for each refund recorded on the order, and one for each add-on bought after payment and
 * paid (docs/decisions/0424). Each has an id derived from what it is for, so
 * the vault lists it from the order alone; its PDF is written the first time it is asked for and
 * kept under that id, and every later download is the same file (./receipt-link.ts).
 */

export interface OrderReceipt {
  id: string;
  kind: 'receipt' | 'refund_receipt';
  title: string;
  /** When the money moved. */
  createdAt: string;
  /** What the receipt is for: the payment, a refund by its id, or an add-on bought after payment by its purchase id. */
  subject: { payment: true } | { refundId: string } | { purchaseId: string };
}

/** A stable UUID (v4 layout) for `name`, so a receipt keeps its id whatever reads the order. */
export function stableId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function orderReceipts(app: ApplicationItem): OrderReceipt[] {
  if (!app.paidAt || typeof app.amountPaidCents !== 'number') return [];
  const number = orderNumber(app.id);
  const out: OrderReceipt[] = [
    {
      id: stableId(`receipt:${app.id}:payment:${app.paymentReference ?? app.paidAt}`),
      kind: 'receipt',
      title: `Receipt - order ${number}`,
      createdAt: app.paidAt,
      subject: { payment: true },
    },
  ];
  for (const r of app.refunds ?? [])
    out.push({
      id: stableId(`receipt:${app.id}:refund:${r.id}`),
      kind: 'refund_receipt',
      title: `Refund receipt - order ${number}`,
      createdAt: r.at,
      subject: { refundId: r.id },
    });
  for (const p of app.purchases ?? [])
    if ((p.state === 'paid' || p.state === 'refunded') && p.paidAt)
      out.push({
        id: stableId(`receipt:${app.id}:purchase:${p.id}`),
        kind: 'receipt',
        title: `Receipt - order ${number}: ${p.name}`,
        createdAt: p.paidAt,
        subject: { purchaseId: p.id },
      });
  return out;
}
