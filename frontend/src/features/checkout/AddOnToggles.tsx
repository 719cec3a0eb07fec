import { formatUsd } from '#shared/money.ts';
import { ADD_ON_KEYS, ADD_ONS, type AddOnKey, type AddOnPrices, type AddOnSelection, addOnPrice } from '#shared/pricing.ts';
import { Card } from '../../components/Card.tsx';
import { expediteDescription, expediteOffer, stateFeeText } from '../../lib/processing.ts';

/**
 * The add-ons as switches; each change is saved to the application by the page. Expedited
 * filing shows the state's own expedite fee and turnaround; where the state sells none for a
 * formation, the switch is off and disabled with the sentence saying so.
 */
export function AddOnToggles({
  value,
  onToggle,
  disabled,
  stateCode,
  prices,
}: {
  value: AddOnSelection;
  /** The add-on prices the server priced the application at. */
  prices?: AddOnPrices;
  onToggle: (key: AddOnKey, on: boolean) => void;
  disabled?: boolean;
  stateCode: string;
}) {
  const expedite = expediteOffer(stateCode);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Optional add-ons</h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {ADD_ON_KEYS.map((key) => {
          const addOn = ADD_ONS[key];
          const sold = key !== 'expeditedFiling' || Boolean(expedite?.available);
          const on = sold && Boolean(value[key]);
          const id = `addon-${key}`;
          const description =
            key === 'expeditedFiling' && expedite ? (expedite.available ? expediteDescription(expedite) : expedite.reason) : addOn.description;
          return (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <label htmlFor={id} className="font-medium text-slate-900">
                  {addOn.label} <span className="text-indigo-700">+{formatUsd(addOnPrice(key, prices))}</span>
                  {key === 'expeditedFiling' && expedite?.available ? <span className="text-indigo-700"> + {stateFeeText(expedite.fee)} state fee</span> : null}
                </label>
                <p className="text-sm text-slate-600" id={`${id}-description`}>
                  {description}
                </p>
              </div>
              <button
                id={id}
                type="button"
                role="switch"
                aria-checked={on}
                aria-describedby={`${id}-description`}
                disabled={disabled || !sold}
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
