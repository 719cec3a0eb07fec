import type { OpenMailList as OpenMailPage } from '#shared/mail/mail.schema.ts';
import { MAIL_KIND_LABELS } from '#shared/mail/mail.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDate, orderNumber } from '../format.ts';
import { useMarkMailHandled, useOpenMail } from '../mail-api.ts';
import { MailClock } from './MailPanel.tsx';

type OpenOrder = OpenMailPage['items'][number];

/** One order's mail not handled, each piece with its clock and "Mark handled". */
function OrderMail({ order, now }: { order: OpenOrder; now: number }) {
  const handled = useMarkMailHandled(order.applicationId);
  return (
    <li className="px-4 py-3 text-sm" data-order={order.applicationId}>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-mono text-xs text-slate-600">{orderNumber(order.applicationId)}</span>
        <span className="min-w-0 break-words font-medium text-slate-900">{order.businessName}</span>
        <span className="text-slate-700">{order.stateName}</span>
        {order.fileNumber ? <span className="text-slate-700">file {order.fileNumber}</span> : null}
      </p>
      <ul className="mt-2 space-y-2">
        {order.mail.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className={`font-medium ${m.kind === 'service_of_process' ? 'text-red-800' : 'text-slate-900'}`}>{MAIL_KIND_LABELS[m.kind]}</span>
            <span className="min-w-0 break-words text-slate-700">
              from {m.sender}, received {formatDate(m.receivedOn)}
            </span>
            <MailClock mail={m} now={now} />
            <Button
              variant="ghost"
              onClick={() => handled.mutate(m.id, { onError: (err) => toast('Not marked handled', failureMessage(err), 'error') })}
              disabled={handled.isPending}
            >
              Mark handled
            </Button>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The mail room's list: every order with mail not handled, soonest clock first (a service of process: 4 business hours). */
export function OpenMailList() {
  const query = useOpenMail(true);
  if (query.isPending) return <p className="mt-6 text-sm text-slate-600">Loading the mail…</p>;
  if (query.isError)
    return (
      <p role="alert" className="mt-6 text-sm text-red-700">
        The mail could not be loaded: {failureMessage(query.error)}
      </p>
    );
  const items = query.data.pages.flatMap((p) => p.items);
  const now = Date.now();
  return (
    <section aria-labelledby="open-mail-title" className="mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3 id="open-mail-title" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        Mail not handled, soonest first{' '}
        <span className="font-normal text-slate-600">
          ({items.length} {items.length === 1 ? 'order' : 'orders'})
        </span>
      </h3>
      {items.length ? (
        <ul className="divide-y divide-slate-100">
          {items.map((order) => (
            <OrderMail key={order.applicationId} order={order} now={now} />
          ))}
        </ul>
      ) : (
        <p className="px-4 py-3 text-sm text-slate-600">Every piece of mail logged is handled.</p>
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
