import { formatUsd } from '#shared/money.ts';
import { ADD_ON_KEYS, ADD_ONS, type AddOnKey, type AddOnSelection } from '#shared/pricing.ts';
import { Card } from '../../components/Card.tsx';

/** The three add-ons as switches; each change is saved to the application by the page. */
export function AddOnToggles({ value, onToggle, disabled }: { value: AddOnSelection; onToggle: (key: AddOnKey, on: boolean) => void; disabled?: boolean }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Optional add-ons</h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {ADD_ON_KEYS.map((key) => {
          const addOn = ADD_ONS[key];
          const on = Boolean(value[key]);
          const id = `addon-${key}`;
          return (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <div>
                <label htmlFor={id} className="font-medium text-slate-900">
                  {addOn.label} <span className="text-indigo-700">+{formatUsd(addOn.price)}</span>
                </label>
                <p className="text-sm text-slate-600">{addOn.description}</p>
              </div>
              <button
                id={id}
                type="button"
                role="switch"
                aria-checked={on}
                disabled={disabled}
                onClick={() => onToggle(key, !on)}
                className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-60 ${on ? 'bg-indigo-600' : 'bg-slate-300'}`}
              >
                <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`} />
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
