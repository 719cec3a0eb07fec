import type { TimelineStep } from '#shared/orders/view.schema.ts';
import { NoWrap, NoWrapText } from '../../components/NoWrap.tsx';
import { shortDate } from '../../lib/local-dates.ts';

function Marker({ step, n }: { step: TimelineStep; n: number }) {
  if (step.done)
    return (
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white" aria-hidden="true">
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
        </svg>
      </span>
    );
  return (
    <span
      className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
        step.current ? 'border-indigo-600 bg-indigo-50 text-indigo-700' : 'border-slate-300 bg-white text-slate-500'
      }`}
      aria-hidden="true"
    >
      {n}
    </span>
  );
}

/**
 * Where the order is, step by step as the staff workflow takes it (paid → details complete →
 * processing → filed, with the state's file number and date → completed). Built by the server.
 */
export function OrderTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  return (
    <ol className="grid gap-4 lg:grid-cols-5 lg:gap-3" aria-label="Order progress" data-testid="order-timeline">
      {steps.map((step, i) => (
        <li
          key={step.step}
          aria-current={step.current ? 'step' : undefined}
          data-step={step.step}
          data-state={step.done ? 'done' : step.current ? 'current' : 'later'}
          className="flex gap-3 lg:flex-col lg:gap-2"
        >
          <Marker step={step} n={i + 1} />
          <div className="min-w-0">
            <p className={`text-sm font-semibold ${step.done || step.current ? 'text-slate-900' : 'text-slate-600'}`}>{step.label}</p>
            <p className="text-xs text-slate-600">
              <span className="sr-only">{step.done ? 'Done' : step.current ? 'Current step' : 'Not yet'}. </span>
              {step.done && step.at ? <NoWrap>{shortDate(step.at)}</NoWrap> : step.current ? 'Next' : null}
            </p>
            {step.detail ? (
              <p className="mt-0.5 break-words text-xs font-medium text-slate-800">
                <NoWrapText text={step.detail} />
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
