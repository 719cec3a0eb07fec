import { useState } from 'react';
import type { ExportResult } from '#shared/staff/exports.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { useMayPerform } from '../../../lib/staff-session.ts';
import { type ApplicationFilter, listQueryOf, useExport } from '../staff-api.ts';

const INPUT =
  'rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

/**
 * The owner's exports: the orders the list shows (its search and filters) and the payments of a
 * date range, each a CSV the server writes and links to for 5 minutes (the link is shown here).
 */
export function ExportPanel({ filter }: { filter: ApplicationFilter }) {
  const allowed = useMayPerform('exportData');
  const run = useExport();
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [done, setDone] = useState<ExportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!allowed) return null;

  async function start(body: Parameters<typeof run.mutateAsync>[0]) {
    setDone(null);
    setError(null);
    try {
      setDone(await run.mutateAsync(body));
    } catch (err) {
      setError(failureMessage(err));
    }
  }
  const { status, q, paymentStatus, state, addOn, assignee } = listQueryOf(filter);
  const orders = Object.fromEntries(Object.entries({ status, q, paymentStatus, state, addOn, assignee }).filter(([, v]) => v !== undefined));

  return (
    <section aria-labelledby="exports-title" className="mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-3">
      <h3 id="exports-title" className="text-sm font-semibold text-slate-900">
        Exports (CSV)
      </h3>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <Button variant="secondary" disabled={run.isPending} onClick={() => start({ kind: 'orders', filter: orders })}>
          Export these orders
        </Button>
        <label className="text-sm text-slate-800">
          Payments from
          <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} className={`mt-1 block ${INPUT}`} />
        </label>
        <label className="text-sm text-slate-800">
          to
          <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} className={`mt-1 block ${INPUT}`} />
        </label>
        <Button variant="secondary" disabled={run.isPending || !from || !to} onClick={() => start({ kind: 'payments', from, to })}>
          Export payments
        </Button>
      </div>
      {run.isPending ? <p className="mt-2 text-sm text-slate-600">Writing the file…</p> : null}
      {done ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          {done.rows} {done.rows === 1 ? 'row' : 'rows'}:{' '}
          <a href={done.url} download={done.fileName} className="font-semibold text-indigo-700 underline">
            Download {done.fileName}
          </a>{' '}
          (the link works for 5 minutes)
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The export failed: {error}
        </p>
      ) : null}
    </section>
  );
}
