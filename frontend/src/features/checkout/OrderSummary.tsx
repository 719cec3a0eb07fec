import type { ReactNode } from 'react';
import { OUR_FILING_TIME } from '#shared/filing-promise.ts';
import type { ApplicationOrder } from '#shared/payments/order.ts';
import { withOrderLines } from '#shared/state-facts/order-cost.ts';
import { Card } from '../../components/Card.tsx';
import { PriceLines } from '../../components/PriceLines.tsx';
import { ProcessingTime } from '../../components/ProcessingTime.tsx';
import { StateDataCredit } from '../../components/StateDataCredit.tsx';
import { ThreeYearCostLineView } from '../../components/ThreeYearCostView.tsx';
import { useStateCosts } from './api.ts';

/**
 * Filing fee, service fee, each add-on and the total; the first three years all in (for the owner's
 * home state, `residence`), with everything the order bought and what the figure leaves out; the
 * state's processing time and the guarantee.
 */
export function OrderSummary({
  order,
  businessName,
  expedited,
  residence,
}: {
  order: ApplicationOrder;
  businessName?: string;
  expedited: boolean;
  residence?: string;
}) {
  // Asked for once the order's state is known; the line holds its place until the figures arrive.
  const costs = useStateCosts(order.state.code, residence);
  return (
    <SummaryFrame
      lines={
        <>
          {businessName ? <p className="mt-1 text-sm break-words text-slate-600">{businessName}</p> : null}
          <PriceLines lines={order.lines} total={order.total} />
          {costs.isError ? null : (
            <ThreeYearCostLineView
              state={order.state.code}
              residence={residence}
              cost={costs.data && withOrderLines(costs.data, order.lines)}
              className="mt-3 bg-slate-50"
            />
          )}
        </>
      }
      processingTime={<ProcessingTime code={order.state.code} expedited={expedited} />}
    />
  );
}

/**
 * The summary before the order is known (the prerendered checkout and its hydration, then until
 * the application arrives): what is the same for every order is there already, the figures hold
 * their places. The fewest lines an order has (filing fee, service fee, total), so the order,
 * when it arrives, only ever grows the card downwards.
 */
export function OrderSummarySkeleton() {
  return (
    <SummaryFrame
      lines={
        <div role="status" aria-label="Loading your order">
          {/* Every order at the checkout has its business name: its line is held. */}
          <div className="mt-1 h-5 w-2/3 animate-pulse rounded bg-slate-100" aria-hidden="true" />
          <div className="mt-4 space-y-3" aria-hidden="true">
            <div className="h-5 animate-pulse rounded bg-slate-200" />
            <div className="h-5 animate-pulse rounded bg-slate-200" />
          </div>
          <div className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4" aria-hidden="true">
            <span className="text-base font-semibold text-slate-900">Total</span>
            <span className="inline-block h-8 w-24 animate-pulse rounded bg-slate-200" />
          </div>
          {/* The three-year line at its usual height: four lines on a phone, two on a wider screen. */}
          <div className="mt-3 h-24 animate-pulse rounded-xl bg-slate-100 sm:h-16" aria-hidden="true" />
        </div>
      }
      processingTime={<span className="inline-block h-4 w-24 animate-pulse rounded bg-slate-200 align-middle" />}
    />
  );
}

/** The card around the figures: heading, processing time, our filing promise, the credit and the guarantee. */
function SummaryFrame({ lines, processingTime }: { lines: ReactNode; processingTime: ReactNode }) {
  return (
    <Card className="lg:sticky lg:top-24">
      <h2 className="text-lg font-semibold text-slate-900">Order summary</h2>
      {lines}
      <div className="mt-4 flex items-start gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <svg viewBox="0 0 24 24" className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </svg>
        <p className="min-w-0">
          State processing time: {processingTime}
          <span className="mt-1 block text-xs text-slate-600">We file within {OUR_FILING_TIME} of receiving your filing details.</span>
        </p>
      </div>
      <StateDataCredit className="mt-2 text-xs text-slate-600" />
      <div className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <p className="font-semibold">100% money-back guarantee</p>
        <p className="mt-1">If we cannot file your LLC, we refund your payment in full.</p>
      </div>
    </Card>
  );
}
