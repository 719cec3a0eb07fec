import { failureMessage } from '../../../lib/api.ts';
import { formatDate, orderNumber } from '../format.ts';
import { useRenewalsDue } from '../staff-api.ts';

const STATUS_WORDS: Record<string, string> = {
  renews: 'Renews (agreed)',
  ends: 'Ends (not agreed)',
  cancelled: 'Cancelled by the customer',
  undecided: 'Not decided',
  'own-agent': 'Own agent',
  lapsed: 'Lapsed',
};

/** Registered agent renewals due in the next 60 days, soonest first. */
export function RenewalsDueList() {
  const query = useRenewalsDue(true);
  if (query.isPending) return <p className="mt-6 text-sm text-slate-600">Loading the renewals…</p>;
  if (query.isError)
    return (
      <p role="alert" className="mt-6 text-sm text-red-700">
        The renewals could not be loaded: {failureMessage(query.error)}
      </p>
    );
  const { items, to } = query.data;
  return (
    <section aria-labelledby="renewals-title" className="mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3 id="renewals-title" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        Registered agent renewals due by {formatDate(to)} <span className="font-normal text-slate-600">({items.length})</span>
      </h3>
      {items.length ? (
        <ul className="divide-y divide-slate-100">
          {items.map((r) => (
            <li key={r.applicationId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-order={r.applicationId}>
              <span className="font-mono text-xs text-slate-600">{orderNumber(r.applicationId)}</span>
              <span className="min-w-0 flex-1 basis-48 truncate font-medium text-slate-900">{r.businessName || 'Unnamed business'}</span>
              <span className="text-slate-700">{r.state}</span>
              <span className="text-slate-700">due {formatDate(r.dueOn)}</span>
              <span className="text-slate-700">{STATUS_WORDS[r.status] ?? r.status}</span>
              <span className="text-slate-700">${r.priceUsd}/year</span>
              {r.chargeState ? <span className="text-slate-700">charge: {r.chargeState}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-4 py-3 text-sm text-slate-600">No renewals due in the next 60 days.</p>
      )}
    </section>
  );
}
