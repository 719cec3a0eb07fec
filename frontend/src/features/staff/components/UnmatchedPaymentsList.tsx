import { formatCents } from '#shared/money.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { formatDateTime } from '../format.ts';
import { useUnmatchedPayments } from '../staff-api.ts';

const WHY: Record<string, string> = {
  'no-application': 'The payment names no order',
  'not-found': 'The order it names is not here (deleted or never saved)',
};

/** Payments the provider took that no order recorded: find each at the provider and refund it or tie it to its order. */
export function UnmatchedPaymentsList() {
  const query = useUnmatchedPayments();
  if (query.isPending) return <p className="mt-6 text-sm text-slate-600">Loading the payments…</p>;
  if (query.isError)
    return (
      <p role="alert" className="mt-6 text-sm text-red-700">
        The payments could not be loaded: {failureMessage(query.error)}
      </p>
    );
  const items = query.data.pages.flatMap((p) => p.items);
  return (
    <section aria-labelledby="unmatched-title" className="mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3 id="unmatched-title" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        Payments with no recorded order <span className="font-normal text-slate-600">({items.length})</span>
      </h3>
      {items.length ? (
        <ul className="divide-y divide-slate-100">
          {items.map((p) => (
            <li key={`${p.provider}-${p.reference}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <span className="text-slate-700">{formatDateTime(p.at)}</span>
              <span className="font-medium text-slate-900">
                {formatCents(p.amountCents)} {p.currency.toUpperCase()}
              </span>
              <span className="font-mono text-xs text-slate-700">
                {p.provider} {p.reference}
              </span>
              <span className="text-slate-700">
                {WHY[p.reason] ?? p.reason}
                {p.applicationId ? ` (order ${p.applicationId.slice(0, 8).toUpperCase()})` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-4 py-3 text-sm text-slate-600">Every payment the provider reported is recorded on its order.</p>
      )}
      {query.hasNextPage ? (
        <div className="border-t border-slate-100 px-4 py-2">
          <Button variant="ghost" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
