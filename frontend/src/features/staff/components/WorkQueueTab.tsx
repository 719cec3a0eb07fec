import { useEffect, useState } from 'react';
import { addOnsOf, addOnWords } from '#shared/catalog/catalog.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { PROCESSING_STALE_DAYS, promiseHoursLeft, type QueueStage, STAGE_LABELS, staleProcessingCutoff } from '#shared/staff/work-queue.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { useStaffAccount } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { formatAge, formatDateTime, orderNumber } from '../format.ts';
import { fetchQueueStage, useAssignees, useBulkAction, useChaseDetails, useWorkQueue } from '../staff-api.ts';
import { ApplicationDetailsModal } from './ApplicationDetailsModal.tsx';
import { OpenMailList } from './OpenMailList.tsx';
import { RenewalsDueList } from './RenewalsDueList.tsx';
import { ReportsToFileList } from './ReportsToFileList.tsx';
import { UnmatchedPaymentsList } from './UnmatchedPaymentsList.tsx';

type Section = { stage: string; items: StaffApplication[]; nextCursor: string | null; count?: number };

const stageLabel = (stage: string) => STAGE_LABELS[stage as QueueStage] ?? stage;

/**
 * "Chase": the filing-details reminder emailed again (one email however often it is pressed within
 * 10 minutes), and when it was last sent, so nobody chases twice in a morning without knowing.
 */
function ChaseDetails({ app, name }: { app: StaffApplication; name: string }) {
  const chase = useChaseDetails();
  async function run() {
    try {
      await chase.mutateAsync(app.id);
      toast('Reminder sent', `${name} was emailed the filing-details reminder again.`);
    } catch (err) {
      toast('Reminder not sent', failureMessage(err), 'error');
    }
  }
  const last = app.detailsChased;
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span data-testid="last-chased">
        {last ? `Chased ${formatDateTime(last.at)} by ${last.by}${last.times > 1 ? ` (${last.times} times)` : ''}` : 'Not chased yet'}
      </span>
      <Button variant="secondary" className="!px-3 !py-1.5" onClick={run} disabled={chase.isPending} aria-label={`Chase ${name} for the filing details`}>
        {chase.isPending ? 'Sending…' : 'Chase'}
      </Button>
    </span>
  );
}

/** "18 h left" of the 1-2 business-day promise, or "overdue 3 h". */
function PromiseClock({ detailsCompletedAt }: { detailsCompletedAt: string }) {
  const left = promiseHoursLeft(detailsCompletedAt, new Date());
  return left >= 0 ? (
    <span className={left < 8 ? 'font-semibold text-amber-800' : 'text-slate-700'}>{left} h left</span>
  ) : (
    <span className="font-semibold text-red-700">overdue {-left} h</span>
  );
}

interface RowProps {
  app: StaffApplication;
  stage: string;
  onOpen: () => void;
  chosen: boolean;
  onChoose: (chosen: boolean) => void;
}

function QueueRow({ app, stage, onOpen, chosen, onChoose }: RowProps) {
  const addOns = addOnsOf(app).map((e) => addOnWords(e.key, app));
  const name = app.businessName || `${app.firstName} ${app.lastName}`.trim() || 'Unnamed business';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-order={app.id}>
      <input
        type="checkbox"
        checked={chosen}
        onChange={(e) => onChoose(e.target.checked)}
        aria-label={`Choose ${name}`}
        className="h-5 w-5 rounded border-slate-400"
      />
      <span className="font-mono text-xs text-slate-600">{orderNumber(app.id)}</span>
      <span className="min-w-0 flex-1 basis-48 truncate font-medium text-slate-900">{name}</span>
      <span className="text-sm text-slate-700">{app.state}</span>
      <span className="text-sm text-slate-700">{addOns.length ? addOns.join(', ') : 'No add-ons'}</span>
      <span className="text-sm text-slate-700" title={app.queueSince}>
        {stage === 'processing' ? 'processing' : 'waiting'} {formatAge(app.queueSince)}
      </span>
      {stage === 'processing' && app.queueSince && app.queueSince <= staleProcessingCutoff(new Date()) ? (
        <span className="text-sm font-semibold text-amber-800">not filed after {PROCESSING_STALE_DAYS} days</span>
      ) : null}
      <span className="text-sm text-slate-700" data-assignee={app.assignee?.id ?? ''}>
        {app.assignee ? app.assignee.email : 'Unassigned'}
      </span>
      {stage === 'ready' && app.detailsCompletedAt ? <PromiseClock detailsCompletedAt={app.detailsCompletedAt} /> : null}
      {stage === 'details' ? <ChaseDetails app={app} name={name} /> : null}
      <Button variant="secondary" className="!px-3 !py-1.5" onClick={onOpen} aria-label={`Open ${name}`}>
        Open
      </Button>
    </li>
  );
}

interface SectionProps {
  section: Section;
  onOpen: (a: StaffApplication) => void;
  chosen: Map<string, StaffApplication>;
  onChoose: (a: StaffApplication, chosen: boolean) => void;
}

function QueueSection({ section, onOpen, chosen, onChoose }: SectionProps) {
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
        <span className="font-normal text-slate-600" data-testid="stage-count">
          ({section.count ?? items.length})
        </span>
      </h3>
      {items.length ? (
        <ul className="divide-y divide-slate-100">
          {items.map((a) => (
            <QueueRow key={a.id} app={a} stage={section.stage} onOpen={() => onOpen(a)} chosen={chosen.has(a.id)} onChoose={(c) => onChoose(a, c)} />
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

type Failure = { id: string; code: string; error: string; name: string };

/**
 * What to do with the orders chosen: assign them (to me or a person) or Start Processing (the
 * ready ones). Each order is its own write; those that fail are listed with why.
 */
function BulkBar({ chosen, onDone }: { chosen: StaffApplication[]; onDone: () => void }) {
  const account = useStaffAccount();
  const people = useAssignees();
  const bulk = useBulkAction();
  const [person, setPerson] = useState('');
  const [failures, setFailures] = useState<Failure[]>([]);
  const names = new Map(chosen.map((a) => [a.id, a.businessName || orderNumber(a.id)]));
  const startable = chosen.filter((a) => a.queue === 'ready');

  async function run(body: Parameters<typeof bulk.mutateAsync>[0], what: string) {
    try {
      const result = await bulk.mutateAsync(body);
      setFailures(result.failed.map((f) => ({ ...f, name: names.get(f.id) ?? orderNumber(f.id) })));
      if (result.done.length) toast(what, `${result.done.length} of ${body.orders.length} done.`);
      if (result.failed.length) toast(`${what}: ${result.failed.length} not done`, 'See the list above the queue for why.', 'error');
      onDone();
    } catch (err) {
      toast(`${what} failed`, failureMessage(err), 'error');
    }
  }
  const orders = (list: StaffApplication[]) => list.map((a) => ({ id: a.id, version: a.version ?? 0 }));
  const me = account.data?.id;

  return (
    <div className="mt-4 rounded-2xl border border-indigo-200 bg-indigo-50 px-4 py-3">
      {chosen.length ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-900">{chosen.length} chosen</span>
          {me ? (
            <Button variant="secondary" disabled={bulk.isPending} onClick={() => run({ action: 'assign', personId: me, orders: orders(chosen) }, 'Assigned')}>
              Assign to me
            </Button>
          ) : null}
          <label className="sr-only" htmlFor="bulk-person">
            Assign the chosen orders to
          </label>
          <select
            id="bulk-person"
            value={person}
            onChange={(e) => setPerson(e.target.value)}
            className="max-w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900"
          >
            <option value="">Choose a person…</option>
            {(people.data?.people ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name ? `${p.name} (${p.email})` : p.email}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            disabled={bulk.isPending || !person}
            onClick={() => run({ action: 'assign', personId: person, orders: orders(chosen) }, 'Assigned')}
          >
            Assign
          </Button>
          <Button
            disabled={bulk.isPending || startable.length === 0}
            onClick={() => run({ action: 'start_processing', orders: orders(startable) }, 'Processing started')}
          >
            Start Processing ({startable.length} ready)
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">Choose orders to assign them or start processing several at once.</p>
      )}
      {failures.length ? (
        <ul role="alert" aria-label="Orders not changed" className="mt-2 space-y-1 text-sm text-red-800">
          {failures.map((f) => (
            <li key={f.id}>
              {f.name}: {f.error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The dashboard's first view: what needs a person, stage by stage, oldest first; the unpaid list apart. */
export function WorkQueueTab() {
  const [view, setView] = useState<'work' | 'unpaid' | 'renewals' | 'unmatched' | 'mail' | 'annual-reports'>('work');
  const unpaid = view === 'unpaid';
  const [selected, setSelected] = useState<StaffApplication | null>(null);
  const [chosen, setChosen] = useState<Map<string, StaffApplication>>(new Map());
  const query = useWorkQueue(unpaid ? 'unpaid' : undefined, view === 'work' || unpaid);
  const choose = (a: StaffApplication, on: boolean) =>
    setChosen((m) => {
      const next = new Map(m);
      if (on) next.set(a.id, a);
      else next.delete(a.id);
      return next;
    });
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant={view === 'work' ? 'secondary' : 'ghost'} aria-pressed={view === 'work'} onClick={() => setView('work')}>
          Needs a person
        </Button>
        <Button variant={unpaid ? 'secondary' : 'ghost'} aria-pressed={unpaid} onClick={() => setView('unpaid')}>
          Unpaid
        </Button>
        <Button variant={view === 'renewals' ? 'secondary' : 'ghost'} aria-pressed={view === 'renewals'} onClick={() => setView('renewals')}>
          Renewals due
        </Button>
        <Button variant={view === 'unmatched' ? 'secondary' : 'ghost'} aria-pressed={view === 'unmatched'} onClick={() => setView('unmatched')}>
          Unmatched payments
        </Button>
        <Button variant={view === 'mail' ? 'secondary' : 'ghost'} aria-pressed={view === 'mail'} onClick={() => setView('mail')}>
          Mail
        </Button>
        <Button variant={view === 'annual-reports' ? 'secondary' : 'ghost'} aria-pressed={view === 'annual-reports'} onClick={() => setView('annual-reports')}>
          Annual reports
        </Button>
      </div>
      {view === 'renewals' || view === 'unmatched' || view === 'mail' || view === 'annual-reports' ? null : (
        <BulkBar chosen={[...chosen.values()]} onDone={() => setChosen(new Map())} />
      )}
      {view === 'annual-reports' ? (
        <ReportsToFileList />
      ) : view === 'mail' ? (
        <OpenMailList />
      ) : view === 'renewals' ? (
        <RenewalsDueList />
      ) : view === 'unmatched' ? (
        <UnmatchedPaymentsList />
      ) : query.isPending ? (
        <p className="mt-6 text-sm text-slate-600">Loading the queue…</p>
      ) : query.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          The queue could not be loaded: {failureMessage(query.error)}
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          {query.data.sections.map((s) => (
            <QueueSection key={s.stage} section={s as Section} onOpen={setSelected} chosen={chosen} onChoose={choose} />
          ))}
        </div>
      )}
      {selected ? <ApplicationDetailsModal key={selected.id} application={selected} onClose={() => setSelected(null)} /> : null}
    </div>
  );
}
