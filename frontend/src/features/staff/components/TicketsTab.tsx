import { type FormEvent, useEffect, useState } from 'react';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { SEARCH_MIN_LENGTH } from '#shared/staff/search.ts';
import { type SupportTicket, type TicketStatus, ticketUpdateSchema } from '#shared/staff/tickets.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { staffCall, useMayPerform, useStaffAccount } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateTime } from '../format.ts';
import { useTicketChange, useTickets } from '../staff-api.ts';
import { ApplicationDetailsModal } from './ApplicationDetailsModal.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { TicketThread } from './TicketThread.tsx';

type Filter = TicketStatus | 'all';

/** Ties a contact-form ticket to the order it is about (its order number, as the modal and the customer show it, or its id). */
function LinkToOrder({ ticket }: { ticket: SupportTicket }) {
  const change = useTicketChange();
  const [orderId, setOrderId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `ticket-order-${ticket.id}`;
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ticketUpdateSchema.safeParse({ applicationId: orderId.trim() });
    if (!parsed.success || !parsed.data.applicationId) {
      setError(parsed.success ? 'Give the order number' : (parsed.error.issues[0]?.message ?? 'Give the order number'));
      return;
    }
    try {
      await change.mutateAsync({ id: ticket.id, applicationId: parsed.data.applicationId });
      toast('Ticket Tied to the Order', 'It now shows in the order’s conversation.');
    } catch (err) {
      setError(failureMessage(err));
    }
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-2" aria-label={`Tie ${ticket.subject} to an order`}>
      <label htmlFor={fieldId} className="min-w-0 flex-1 text-sm text-slate-800">
        About an order? Its order number
        <input
          id={fieldId}
          value={orderId}
          onChange={(e) => {
            setOrderId(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
      </label>
      <Button type="submit" variant="ghost" disabled={change.isPending}>
        Tie to the order
      </Button>
      {error ? (
        <p id={`${fieldId}-error`} className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The search box over the tickets: a term of at least SEARCH_MIN_LENGTH characters, or the message why not. */
function TicketSearch({ searched, onSearch }: { searched: string; onSearch: (q: string) => void }) {
  const [term, setTerm] = useState(searched);
  const [error, setError] = useState<string | null>(null);
  return (
    <search>
      <form
        className="mb-4 flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const q = term.trim();
          if (q && q.length < SEARCH_MIN_LENGTH) {
            setError(`Type at least ${SEARCH_MIN_LENGTH} characters to search`);
            return;
          }
          setError(null);
          onSearch(q);
        }}
      >
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="ticket-search" className="block text-sm font-medium text-slate-800">
            Search tickets
          </label>
          <input
            id="ticket-search"
            type="search"
            value={term}
            maxLength={100}
            onChange={(e) => {
              setTerm(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ticket-search-error' : undefined}
            placeholder="Order number, name, email or subject"
            className="mt-1 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {searched ? (
          <Button
            variant="ghost"
            onClick={() => {
              setTerm('');
              onSearch('');
            }}
          >
            Clear search
          </Button>
        ) : null}
        {error ? (
          <p id="ticket-search-error" className="w-full text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </search>
  );
}

export function TicketsTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const [searched, setSearched] = useState('');
  const query = useTickets(filter === 'all' ? undefined : filter, searched);
  const change = useTicketChange();
  const account = useStaffAccount();
  const [order, setOrder] = useState<StaffApplication | null>(null);
  useEffect(() => {
    if (query.isError) toast('Error', 'Failed to fetch tickets', 'error');
  }, [query.isError]);
  const tickets = query.data?.pages.flatMap((p) => p.items) ?? [];
  const me = account.data?.email;
  // Orders are opened by those who work them: support answers the ticket without the order modal.
  const mayOpenOrders = useMayPerform('workOrders');

  async function update(id: string, body: { status: TicketStatus } | { assign: 'me' | 'nobody' }, done: string) {
    try {
      await change.mutateAsync({ id, ...body });
      toast(done);
    } catch (err) {
      toast('Update Failed', failureMessage(err), 'error');
    }
  }

  async function openOrder(applicationId: string) {
    try {
      setOrder(await staffCall('GET /api/staff/applications/{id}', { params: { id: applicationId } }));
    } catch (err) {
      toast('The order could not be opened', failureMessage(err), 'error');
    }
  }

  const filterControl = (
    <>
      <TicketSearch searched={searched} onSearch={setSearched} />
      <label className="mb-4 flex items-center gap-2 text-sm text-slate-800">
        Show
        <select
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
          className="rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        >
          <option value="all">All tickets</option>
          <option value="open">Open tickets</option>
          <option value="closed">Closed tickets</option>
        </select>
      </label>
    </>
  );

  if (query.isPending)
    return (
      <div>
        {filterControl}
        <p className="text-sm text-slate-600">Loading tickets…</p>
      </div>
    );
  if (query.isError && tickets.length === 0)
    return (
      <div>
        {filterControl}
        <p role="alert" className="text-sm text-red-700">
          The support tickets could not be loaded. Reload the page to try again.
        </p>
      </div>
    );
  return (
    <div>
      {filterControl}
      {tickets.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          {searched
            ? `No ${filter === 'all' ? '' : `${filter} `}ticket matches “${searched}”.`
            : filter === 'all'
              ? 'No support tickets yet.'
              : `No ${filter} tickets.`}
        </p>
      ) : (
        <ul className="space-y-3">
          {tickets.map((t) => {
            const open = t.status === 'open';
            const mine = Boolean(me && t.assignee?.email === me);
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
                <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <span data-testid="ticket-assignee">{t.assignee ? `Assigned to ${mine ? 'you' : t.assignee.email}` : 'Not assigned'}</span>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1"
                    onClick={() => update(t.id, { assign: mine ? 'nobody' : 'me' }, mine ? 'Ticket Unassigned' : 'Ticket Assigned to You')}
                    disabled={change.isPending}
                    aria-label={`${mine ? 'Unassign' : 'Assign to me'}: ${t.subject}`}
                  >
                    {mine ? 'Unassign' : 'Assign to me'}
                  </Button>
                </div>
                {t.applicationId ? (
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <span>
                      About order <span className="font-mono">{t.applicationId.slice(0, 8)}</span>
                    </span>
                    {mayOpenOrders ? (
                      <Button
                        variant="ghost"
                        className="!px-2 !py-1"
                        onClick={() => openOrder(t.applicationId ?? '')}
                        aria-label={`Open order ${t.applicationId.slice(0, 8)}`}
                      >
                        Open the order
                      </Button>
                    ) : null}
                  </p>
                ) : (
                  <LinkToOrder ticket={t} />
                )}
                <TicketThread ticket={t} />
                <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                  <span className="text-xs text-slate-600">{formatDateTime(t.createdAt)}</span>
                  <Button
                    variant={open ? 'secondary' : 'ghost'}
                    onClick={() => update(t.id, { status: open ? 'closed' : 'open' }, open ? 'Ticket Closed' : 'Ticket Reopened')}
                    disabled={change.isPending}
                    aria-label={`${open ? 'Close' : 'Reopen'} ticket: ${t.subject}`}
                  >
                    {open ? 'Close ticket' : 'Reopen'}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
      {order ? <ApplicationDetailsModal key={order.id} application={order} onClose={() => setOrder(null)} /> : null}
    </div>
  );
}
