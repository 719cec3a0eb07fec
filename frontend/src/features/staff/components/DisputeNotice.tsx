import { formatRefundCents } from '#shared/payments/refunds.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { formatDateTime } from '../format.ts';

/** The chargeback on the order's payment: open (reason, amount, evidence deadline, whether filing is paused) or how it closed. */
export function DisputeNotice({ dispute }: { dispute: NonNullable<StaffApplication['dispute']> }) {
  if (dispute.status !== 'open')
    return (
      <p className="mt-4 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
        A chargeback of {formatRefundCents(dispute.amountCents)} ({dispute.reason}) was closed
        {dispute.closedAt ? ` on ${formatDateTime(dispute.closedAt)}` : ''}:{' '}
        {dispute.status === 'won' ? 'won, the payment stands.' : 'lost, the amount counts as refunded.'}
      </p>
    );
  return (
    <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      Payment disputed: the customer's bank opened a chargeback of {formatRefundCents(dispute.amountCents)} ({dispute.reason}).{' '}
      {dispute.evidenceDueBy
        ? `Send evidence from the Stripe dashboard by ${dispute.evidenceDueBy}. `
        : 'Send evidence from the Stripe dashboard before its deadline. '}
      {dispute.filingPaused ? 'Filing is paused until the dispute is closed.' : 'The LLC was filed before the dispute.'}
    </p>
  );
}
