import { WIZARD_STEP_COUNT, WIZARD_STEPS } from '#shared/wizard/options.ts';

/** Four steps, each completed (earlier), active (current) or inactive (later). */
export function ProgressIndicator({ current }: { current: number }) {
  const active = WIZARD_STEPS.find((s) => s.step === current) ?? WIZARD_STEPS[0];
  return (
    <nav aria-label="Application progress" className="mb-8">
      <p className="mb-3 text-center text-sm font-medium text-indigo-700 sm:hidden">
        Step {active.step} of {WIZARD_STEP_COUNT}: {active.label}
      </p>
      <ol className="flex items-center">
        {WIZARD_STEPS.map(({ step, label }, i) => {
          const state = step < current ? 'completed' : step === current ? 'active' : 'inactive';
          return (
            <li
              key={step}
              className={`flex items-center ${i < WIZARD_STEPS.length - 1 ? 'flex-1' : ''}`}
              data-state={state}
              aria-current={state === 'active' ? 'step' : undefined}
            >
              <div className="flex items-center gap-2">
                <span
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                    state === 'completed'
                      ? 'bg-indigo-600 text-white'
                      : state === 'active'
                        ? 'bg-white text-indigo-700 ring-2 ring-indigo-600'
                        : 'bg-slate-100 text-slate-600'
                  }`}
                >
                  {state === 'completed' ? (
                    <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                      <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
                    </svg>
                  ) : (
                    step
                  )}
                  <span className="sr-only">
                    {' '}
                    {label} ({state})
                  </span>
                </span>
                <span className={`hidden text-sm font-medium sm:inline ${state === 'inactive' ? 'text-slate-600' : 'text-slate-900'}`} aria-hidden="true">
                  {label}
                </span>
              </div>
              {i < WIZARD_STEPS.length - 1 && (
                <span className={`mx-2 h-0.5 flex-1 sm:mx-3 ${step < current ? 'bg-indigo-600' : 'bg-slate-200'}`} aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
