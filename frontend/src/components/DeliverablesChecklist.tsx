import type { Deliverable } from '#shared/orders/deliverables.ts';
import { CheckIcon } from './CheckIcon.tsx';
import { NoWrapText } from './NoWrap.tsx';

/**
 * An order's deliverables (shared/orders/deliverables.ts) as a checklist: what the order bought,
 * whether it is delivered and when. The customer sees the status sentences; staff also see what
 * is missing. The same rule gates Mark Complete on the server.
 */
export function DeliverablesChecklist({ deliverables, staff = false, id }: { deliverables: readonly Deliverable[]; staff?: boolean; id?: string }) {
  return (
    <ul className="divide-y divide-slate-200" aria-labelledby={id} data-testid="deliverables">
      {deliverables.map((d) => (
        <li key={d.key} className="flex gap-3 py-2.5" data-deliverable={d.key} data-delivered={d.delivered}>
          {d.delivered ? (
            <CheckIcon className="mt-0.5 h-5 w-5 text-emerald-600" />
          ) : (
            <span aria-hidden="true" className={`mt-1 h-4 w-4 shrink-0 rounded-full border-2 ${d.by === 'us' ? 'border-amber-500' : 'border-slate-400'}`} />
          )}
          <div className="min-w-0">
            <p className="break-words text-sm font-medium text-slate-900">
              <NoWrapText text={d.label} />
              <span className="sr-only">{d.delivered ? ': delivered' : d.by === 'us' ? ': not delivered yet' : ': your task'}</span>
            </p>
            <p className="break-words text-sm text-slate-600">
              <NoWrapText text={d.status} />
            </p>
            {staff && d.missing ? <p className="break-words text-sm text-amber-800">Missing: {d.missing}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
