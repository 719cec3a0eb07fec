import { useEffect } from 'react';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateTime } from '../format.ts';
import { useSetTicketStatus, useTickets } from '../staff-api.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { TicketThread } from './TicketThread.tsx';

export function TicketsTab() {
  const query = useTickets();
  const setStatus = useSetTicketStatus();
  useEffect(() => {
    if (query.isError) toast('Error', 'Failed to fetch tickets', 'error');
  }, [query.isError]);
  const tickets = query.data?.pages.flatMap((p) => p.items) ?? [];

  async function change(id: string, status: 'open' | 'closed') {
    try {
      await setStatus.mutateAsync({ id, status });
      toast(status === 'closed' ? 'Ticket Closed' : 'Ticket Reopened');
    } catch (err) {
      toast('Update Failed', failureMessage(err), 'error');
    }
  }

  if (query.isPending) return <p className="text-sm text-slate-600">Loading tickets…</p>;
  if (query.isError && tickets.length === 0)
    return (
      <p role="alert" className="text-sm text-red-700">
        The support tickets could not be loaded. Reload the page to try again.
      </p>
    );
  if (tickets.length === 0)
    return <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">No support tickets yet.</p>;
  return (
    <div>
      <ul className="space-y-3">
        {tickets.map((t) => {
          const open = t.status === 'open';
          return (
            <li
              key={t.id}
              className={`rounded-2xl border p-4 shadow-sm sm:p-5 ${open ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
              data-ticket-status={t.status}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900">{t.subject}</h3>
                  <p className="mt-0.5 break-all text-sm text-slate-700">
                    {t.customerName ? `${t.customerName} · ` : ''}
                    {t.customerEmail}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <span className="text-xs font-medium capitalize text-slate-700">Priority: {t.priority}</span>
                  <StatusBadge status={t.status} kind="ticket" />
                </div>
              </div>
              {t.message ? <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-800">{t.message}</p> : null}
              <TicketThread ticket={t} />
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <span className="text-xs text-slate-600">{formatDateTime(t.createdAt)}</span>
                <Button
                  variant={open ? 'secondary' : 'ghost'}
                  onClick={() => change(t.id, open ? 'closed' : 'open')}
                  disabled={setStatus.isPending}
                  aria-label={`${open ? 'Close' : 'Reopen'} ticket: ${t.subject}`}
                >
                  {open ? 'Close ticket' : 'Reopen'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
