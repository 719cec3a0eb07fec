import { formatDateTime } from '../format.ts';
import type { ActivityItem } from '../staff-api.ts';

/** `failed`: the dashboard fetch that carries the activity list failed (otherwise it would read "Loading" forever). */
export function ActivityTab({ items, failed = false }: { items: ActivityItem[] | undefined; failed?: boolean }) {
  if (!items && failed)
    return (
      <p role="alert" className="text-sm text-red-700">
        Recent activity could not be loaded. Reload the page to try again.
      </p>
    );
  if (!items) return <p className="text-sm text-slate-600">Loading activity…</p>;
  if (items.length === 0)
    return <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">No activity yet.</p>;
  return (
    <ol className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((a) => (
        <li key={a.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <p className="text-sm text-slate-900">{a.description}</p>
          <time dateTime={a.createdAt} className="shrink-0 text-xs text-slate-600">
            {formatDateTime(a.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
