import { formatAddress, type OperatorAddress } from '#shared/operator/facts.ts';
import { longDate, pdfDate, slug, usd } from './format.ts';
import { type Block, renderPdf } from './layout.ts';

/**
 * A receipt for a payment, or for a refund of it (docs/product.md section 10, "Receipts"): the
 * seller (the operator's legal name and address, as set in operator settings), the order number,
 * each line with the total, and how the money moved. Pure: bytes in memory, nothing stored.
 */

export interface ReceiptSeller {
  legalName: string;
  address: OperatorAddress;
  supportEmail?: string | null;
}

interface ReceiptBase {
  orderNumber: string;
  businessName: string;
  customer: { name: string; email: string };
  seller: ReceiptSeller;
  /** How the customer paid ("Card (Stripe)", "Klarna"...). */
  method: string;
}

export interface PaymentReceiptInput extends ReceiptBase {
  kind: 'payment';
  paidAt: string;
  reference?: string;
  /** The order's lines as checkout priced them (whole or decimal dollars). */
  lines: { label: string; amount: number }[];
  totalUsd: number;
}

export interface RefundReceiptInput extends ReceiptBase {
  kind: 'refund';
  refundedAt: string;
  refundId: string;
  amountUsd: number;
  reason: string;
  /** What was paid, and refunded in all up to and including this refund. */
  paidUsd: number;
  refundedToDateUsd: number;
  arrival: string;
}

export type ReceiptInput = PaymentReceiptInput | RefundReceiptInput;

export async function receiptPdf(input: ReceiptInput): Promise<{ title: string; fileName: string; bytes: Uint8Array }> {
  const refund = input.kind === 'refund';
  const at = refund ? input.refundedAt : input.paidAt;
  const title = `${refund ? 'Refund receipt' : 'Receipt'} - order ${input.orderNumber}`;
  const seller: Block[] = [
    {
      type: 'field',
      label: 'Seller',
      value: [input.seller.legalName, formatAddress(input.seller.address), ...(input.seller.supportEmail ? [input.seller.supportEmail] : [])],
    },
    { type: 'field', label: 'Order number', value: input.orderNumber },
    { type: 'field', label: 'For', value: [input.businessName, input.customer.name, input.customer.email].filter(Boolean) },
    { type: 'field', label: refund ? 'Refunded on' : 'Paid on', value: longDate(at) },
    { type: 'field', label: refund ? 'Refunded to' : 'Payment method', value: input.method },
  ];
  const blocks: Block[] = [
    { type: 'title', text: refund ? 'Refund receipt' : 'Receipt', subtitle: [`Order ${input.orderNumber}`] },
    ...seller,
    { type: 'rule' },
  ];
  if (input.kind === 'payment') {
    blocks.push(
      {
        type: 'table',
        columns: [
          { title: 'Item', width: 380 },
          { title: 'Amount', width: 124 },
        ],
        rows: [...input.lines.map((l) => [l.label, usd(l.amount)]), ['Total paid', usd(input.totalUsd)]],
      },
      ...(input.reference ? [{ type: 'para' as const, text: `Payment reference: ${input.reference}`, muted: true, size: 9 }] : []),
    );
  } else {
    blocks.push(
      {
        type: 'table',
        columns: [
          { title: 'Item', width: 380 },
          { title: 'Amount', width: 124 },
        ],
        rows: [
          ['Paid for the order', usd(input.paidUsd)],
          [`This refund (${input.reason})`, `-${usd(input.amountUsd)}`],
          ['Refunded in all', `-${usd(input.refundedToDateUsd)}`],
          ['Kept for the order', usd(Math.max(0, input.paidUsd - input.refundedToDateUsd))],
        ],
      },
      { type: 'para', text: `The money reaches you ${input.arrival}. Refund reference: ${input.refundId}`, muted: true, size: 9 },
    );
  }
  const bytes = await renderPdf({
    title,
    subject: refund ? `Refund of ${usd(input.amountUsd)} for order ${input.orderNumber}` : `Payment of ${usd(input.totalUsd)} for order ${input.orderNumber}`,
    header: `${input.seller.legalName} - ${title}`,
    footer: `${input.seller.legalName}, ${formatAddress(input.seller.address)}`,
    createdAt: pdfDate(at),
    blocks,
  });
  const kind = refund ? 'refund-receipt' : 'receipt';
  return { title, fileName: `${kind}-${input.orderNumber}-${slug(at.slice(0, 10), 'date')}.pdf`, bytes };
}
