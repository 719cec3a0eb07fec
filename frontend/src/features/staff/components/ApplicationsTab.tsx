import { useEffect, useState } from 'react';
import { COUNTED_STATUSES } from '#shared/application-status.ts';
import { ADD_ONS } from '#shared/catalog/catalog.ts';
import { PAYMENT_STATUSES } from '#shared/payments/methods.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { STATE_RECORDS } from '#shared/states.ts';
import { Button } from '../../../components/Button.tsx';
import { toast } from '../../../lib/toast.ts';
import { formatDate } from '../format.ts';
import { type ApplicationFilter, useApplications, useAssignees } from '../staff-api.ts';
import { ApplicationDetailsModal } from './ApplicationDetailsModal.tsx';
import { ExportPanel } from './ExportPanel.tsx';
import { StatusBadge } from './StatusBadge.tsx';

// Every status staff can filter by, drafts last; '' is all.
const FILTERS = ['', ...COUNTED_STATUSES, 'draft'] as const;
const INPUT =
  'max-w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

const fullName = (a: StaffApplication) => `${a.firstName} ${a.lastName}`.trim() || '—';

const PAYMENT_FILTERS = ['', ...PAYMENT_STATUSES] as const;
const paymentLabel = (p: string) => (p ? p.replace('_', ' ').replace(/^./, (c) => c.toUpperCase()) : 'Any payment');

export function ApplicationsTab() {
  const [filter, setFilter] = useState<ApplicationFilter>({ status: '', includeDrafts: false });
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<StaffApplication | null>(null);
  const query = useApplications(filter);
  const people = useAssignees();
  useEffect(() => {
    if (query.isError) toast('Error', 'Failed to fetch applications', 'error');
  }, [query.isError]);
  const apps = query.data?.pages.flatMap((p) => p.items) ?? [];
  const narrowed = Boolean(filter.q || filter.paymentStatus || filter.state || filter.addOn || filter.assignee);

  return (
    <div>
      <search>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter((f) => ({ ...f, q: term.trim() }));
          }}
        >
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor="application-search" className="block text-sm font-medium text-slate-800">
              Search
            </label>
            <input
              id="application-search"
              type="search"
              value={term}
              maxLength={100}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Order number, name, email, business name or file number"
              className={`mt-1 w-full ${INPUT}`}
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
          {filter.q ? (
            <Button
              variant="ghost"
              onClick={() => {
                setTerm('');
                setFilter((f) => ({ ...f, q: '' }));
              }}
            >
              Clear search
            </Button>
          ) : null}
        </form>
      </search>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div className="min-w-0 max-w-full">
          <label htmlFor="payment-filter" className="block text-sm font-medium text-slate-800">
            Payment
          </label>
          <select
            id="payment-filter"
            className={`mt-1 ${INPUT}`}
            value={filter.paymentStatus ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, paymentStatus: e.target.value }))}
          >
            {PAYMENT_FILTERS.map((p) => (
              <option key={p} value={p}>
                {paymentLabel(p)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 max-w-full">
          <label htmlFor="state-filter" className="block text-sm font-medium text-slate-800">
            State
          </label>
          <select
            id="state-filter"
            className={`mt-1 ${INPUT}`}
            value={filter.state ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, state: e.target.value }))}
          >
            <option value="">Any state</option>
            {STATE_RECORDS.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 max-w-full">
          <label htmlFor="addon-filter" className="block text-sm font-medium text-slate-800">
            Add-on
          </label>
          <select
            id="addon-filter"
            className={`mt-1 ${INPUT}`}
            value={filter.addOn ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, addOn: e.target.value }))}
          >
            <option value="">Any add-ons</option>
            {ADD_ONS.map((e) => (
              <option key={e.key} value={e.key}>
                {e.name}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 max-w-full">
          <label htmlFor="assignee-filter" className="block text-sm font-medium text-slate-800">
            Assigned to
          </label>
          <select
            id="assignee-filter"
            className={`mt-1 ${INPUT}`}
            value={filter.assignee ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, assignee: e.target.value }))}
          >
            <option value="">Anyone or nobody</option>
            {(people.data?.people ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name || p.email}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div className="min-w-0 max-w-full">
          <label htmlFor="status-filter" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select id="status-filter" className={`mt-1 ${INPUT}`} value={filter.status} onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value }))}>
            {FILTERS.map((s) => (
              <option key={s} value={s}>
                {s ? s[0].toUpperCase() + s.slice(1) : 'All statuses'}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 text-indigo-600"
            checked={filter.includeDrafts}
            disabled={filter.status !== '' || narrowed}
            onChange={(e) => setFilter((f) => ({ ...f, includeDrafts: e.target.checked }))}
          />
          Include unfinished drafts
        </label>
      </div>

      <ExportPanel filter={filter} />
      {query.isPending ? (
        <p className="mt-6 text-sm text-slate-600">Loading applications…</p>
      ) : query.isError && apps.length === 0 ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          The applications could not be loaded. Reload the page to try again.
        </p>
      ) : apps.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          {filter.q ? `Nothing found for "${filter.q}".` : narrowed ? 'No applications match these filters on this page.' : 'No applications to show.'}
        </p>
      ) : (
        <>
          {/* Phones: cards. */}
          <ul className="mt-6 space-y-3 md:hidden">
            {apps.map((a) => (
              <li key={a.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900">{a.businessName || 'Unnamed business'}</p>
                    <p className="truncate text-sm text-slate-600">
                      {fullName(a)} · {a.email}
                    </p>
                  </div>
                  <StatusBadge status={a.status} />
                </div>
                <p className="mt-2 text-xs text-slate-600">
                  {a.state} · Payment: {a.paymentStatus ?? 'unpaid'} · {formatDate(a.createdAt)}
                </p>
                <Button
                  variant="secondary"
                  className="mt-3 w-full"
                  onClick={() => setSelected(a)}
                  aria-label={`View details of ${a.businessName || fullName(a)}`}
                >
                  View details
                </Button>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <div className="mt-6 hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Business name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    State
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Payment
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Created
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {apps.map((a) => (
                  <tr key={a.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3 font-medium text-slate-900">{fullName(a)}</td>
                    <td className="max-w-48 truncate px-4 py-3 text-slate-700">{a.email}</td>
                    <td className="px-4 py-3 text-slate-900">{a.businessName}</td>
                    <td className="px-4 py-3 text-slate-700">{a.state}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={a.status} />
                    </td>
                    <td className="px-4 py-3 capitalize text-slate-700">{a.paymentStatus ?? 'unpaid'}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(a.createdAt)}</td>
                    <td className="px-4 py-3 text-right">
                      <Button variant="ghost" onClick={() => setSelected(a)} aria-label={`View details of ${a.businessName || fullName(a)}`}>
                        View
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {selected ? <ApplicationDetailsModal key={selected.id} application={selected} onClose={() => setSelected(null)} /> : null}
    </div>
  );
}
