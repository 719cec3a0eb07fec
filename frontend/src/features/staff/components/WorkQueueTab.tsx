import { useEffect, useState } from 'react';
import { ADD_ON_KEYS, ADD_ONS } from '#shared/pricing.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { PROCESSING_STALE_DAYS, promiseHoursLeft, type QueueStage, STAGE_LABELS } from '#shared/staff/work-queue.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { formatAge } from '../format.ts';
import { fetchQueueStage, useWorkQueue } from '../staff-api.ts';
import { ApplicationDetailsModal } from './ApplicationDetailsModal.tsx';

type Section = { stage: string; items: StaffApplication[]; nextCursor: string | null };

const stageLabel = (stage: string) => (STAGE_LABELS[stage as QueueStage] ?? stage).replace('{days}', String(PROCESSING_STALE_DAYS));

/** The order number staff and customers quote: the id's first 8 characters. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

/** "18 h left" of the 1-2 business-day promise, or "overdue 3 h". */
function PromiseClock({ detailsCompletedAt }: { detailsCompletedAt: string }) {
  const left = promiseHoursLeft(detailsCompletedAt, new Date());
  return left >= 0 ? (
    <span className={left < 8 ? 'font-semibold text-amber-800' : 'text-slate-700'}>{left} h left</span>
  ) : (
    <span className="font-semibold text-red-700">overdue {-left} h</span>
  );
}

function QueueRow({ app, stage, onOpen }: { app: StaffApplication; stage: string; onOpen: () => void }) {
  const addOns = ADD_ON_KEYS.filter((k) => app[k]).map((k) => ADD_ONS[k].label);
  const name = app.businessName || `${app.firstName} ${app.lastName}`.trim() || 'Unnamed business';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-order={app.id}>
      <span className="font-mono text-xs text-slate-600">{orderNumber(app.id)}</span>
      <span className="min-w-0 flex-1 basis-48 truncate font-medium text-slate-900">{name}</span>
      <span className="text-sm text-slate-700">{app.state}</span>
      <span className="text-sm text-slate-700">{addOns.length ? addOns.join(', ') : 'No add-ons'}</span>
      <span className="text-sm text-slate-700" title={app.queueSince}>
        waiting {formatAge(app.queueSince)}
      </span>
      {stage === 'ready' && app.detailsCompletedAt ? <PromiseClock detailsCompletedAt={app.detailsCompletedAt} /> : null}
      <Button variant="secondary" className="!px-3 !py-1.5" onClick={onOpen} aria-label={`Open ${name}`}>
        Open
      </Button>
    </li>
  );
}

function QueueSection({ section, onOpen }: { section: Section; onOpen: (a: StaffApplication) => void }) {
  const [more, setMore] = useState<StaffApplication[]>([]);
  const [cursor, setCursor] = useState(section.nextCursor);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setMore([]);
    setCursor(section.nextCursor);
  }, [section]);
  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = (await fetchQueueStage(section.stage, cursor)).sections[0];
      setMore((m) => [...m, ...page.items]);
      setCursor(page.nextCursor);
    } catch (err) {
      toast('Error', failureMessage(err), 'error');
    } finally {
      setLoading(false);
    }
  }
  const items = [...section.items, ...more];
  const id = `queue-${section.stage}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3 id={id} className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        {stageLabel(section.stage)}{' '}
        <span className="font-normal text-slate-600">
          ({items.length}
          {cursor ? '+' : ''})
        </span>
      </h3>
      {items.length ? (
        <ul className="divide-y divide-slate-100">
          {items.map((a) => (
            <QueueRow key={a.id} app={a} stage={section.stage} onOpen={() => onOpen(a)} />
          ))}
        </ul>
      ) : (
        <p className="px-4 py-3 text-sm text-slate-600">Nothing here.</p>
      )}
      {cursor ? (
        <div className="border-t border-slate-100 px-4 py-2">
          <Button variant="ghost" onClick={loadMore} disabled={loading}>
            {loading ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The dashboard's first view: what needs a person, stage by stage, oldest first; the unpaid list apart. */
export function WorkQueueTab() {
  const [unpaid, setUnpaid] = useState(false);
  const [selected, setSelected] = useState<StaffApplication | null>(null);
  const query = useWorkQueue(unpaid ? 'unpaid' : undefined);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant={unpaid ? 'ghost' : 'secondary'} aria-pressed={!unpaid} onClick={() => setUnpaid(false)}>
          Needs a person
        </Button>
        <Button variant={unpaid ? 'secondary' : 'ghost'} aria-pressed={unpaid} onClick={() => setUnpaid(true)}>
          Unpaid
        </Button>
      </div>
      {query.isPending ? (
        <p className="mt-6 text-sm text-slate-600">Loading the queue…</p>
      ) : query.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          The queue could not be loaded: {failureMessage(query.error)}
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          {query.data.sections.map((s) => (
            <QueueSection key={s.stage} section={s as Section} onOpen={setSelected} />
          ))}
        </div>
      )}
      {selected ? <ApplicationDetailsModal key={selected.id} application={selected} onClose={() => setSelected(null)} /> : null}
    </div>
  );
}
