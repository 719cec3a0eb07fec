import { formatUsd } from '#shared/money.ts';
import type { PriceLine } from '#shared/pricing.ts';

/** The price breakdown (filing fee, service fee, each add-on) and its total: review step and checkout. */
export function PriceLines({ lines, total }: { lines: readonly PriceLine[]; total: number }) {
  return (
    <>
      <dl className="mt-4 space-y-3 text-sm" aria-label="Order lines">
        {lines.map((line) => (
          <div key={line.key} className="flex items-baseline justify-between gap-4">
            <dt className="text-slate-700">{line.label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{formatUsd(line.amount)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4">
        <span className="text-base font-semibold text-slate-900">Total</span>
        <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="order-total">
          {formatUsd(total)}
        </span>
      </div>
    </>
  );
}
