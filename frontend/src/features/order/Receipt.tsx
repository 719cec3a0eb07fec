import { formatUsd } from '#shared/money.ts';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { formatRefundCents } from '#shared/payments/refunds.ts';
import { NoWrap } from '../../components/NoWrap.tsx';
import { shortDate } from '../../lib/local-dates.ts';

/** The receipt: the lines and total checkout showed, what was paid, how and when. */
export function Receipt({ receipt }: { receipt: NonNullable<OrderView['receipt']> }) {
  return (
    <div>
      <dl className="space-y-2 text-sm" aria-label="Receipt lines">
        {receipt.lines.map((line) => (
          <div key={line.label} className="flex items-baseline justify-between gap-4">
            <dt className="text-slate-700">{line.label}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatUsd(line.amount)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex items-baseline justify-between border-t border-slate-200 pt-3">
        <span className="font-semibold text-slate-900">Total paid</span>
        <span className="text-xl font-bold tabular-nums text-slate-900" data-testid="receipt-total">
          {formatUsd(receipt.total)}
        </span>
      </div>
      {receipt.refunded !== undefined ? (
        <p className="mt-2 text-sm font-medium text-amber-800">Refunded: {formatRefundCents(Math.round(receipt.refunded * 100))}</p>
      ) : null}
      <p className="mt-2 text-xs text-slate-600">
        Paid <NoWrap>{shortDate(receipt.paidAt)}</NoWrap>
        {receipt.provider ? ` by ${receipt.provider}` : ''}.
      </p>
    </div>
  );
}
