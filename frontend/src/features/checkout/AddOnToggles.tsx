import { type AddOnKey, type AddOnPrices, type AddOnSelection, addOnOffer, toggledAddOnsIn } from '#shared/catalog/catalog.ts';
import { formatUsd } from '#shared/money.ts';
import { Card } from '../../components/Card.tsx';

/**
 * The add-ons sold by a switch (shared/catalog/entries.ts), each change saved to the application
 * by the page. An add-on that brings a government fee shows it beside our price (expedited
 * filing: the state's own fee and turnaround); where the state does not sell it, the switch is
 * off and disabled with the sentence saying why, or, for a state's own requirement (New York
 * publication), not shown.
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
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Optional add-ons</h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {toggledAddOnsIn(stateCode).map((key) => {
          const offer = addOnOffer(key, stateCode, prices);
          const sold = offer.available;
          const on = sold && Boolean(value[key]);
          const id = `addon-${key}`;
          return (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <label htmlFor={id} className="font-medium text-slate-900">
                  {offer.name} <span className="text-indigo-700">+{formatUsd(offer.price)}</span>
                  {offer.governmentFeeText ? <span className="text-indigo-700"> + {offer.governmentFeeText} state fee</span> : null}
                </label>
                <p className="text-sm text-slate-600" id={`${id}-description`}>
                  {offer.description}
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
