import { useId } from 'react';
import { RENEWAL_GRACE_DAYS } from '#shared/compliance/renewal-charges.ts';
import { formatUsd } from '#shared/money.ts';

/**
 * Checkout's consent to keep the card for the registered agent renewal (docs/product.md "Recurring
 * charges"). Unticked by default: the card is kept only if the customer asks, and it is charged only
 * if they also agree to the renewal with their filing details, at the price agreed then.
 */
export function RenewalCardConsent({
  checked,
  onChange,
  priceUsd,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  priceUsd: number;
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="mb-4 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
      <label className="flex items-start gap-2 font-medium text-slate-900">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 text-indigo-600 focus:ring-indigo-500"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          disabled={disabled}
          aria-describedby={hintId}
          data-testid="save-card-for-renewal"
        />
        Keep this card for the registered agent renewal
      </label>
      <p id={hintId} className="mt-1 pl-6 text-slate-600">
        Our registered agent is free for the first year. If you also agree to renew it when you give your filing details ({formatUsd(priceUsd)} a year), we
        charge this card on the renewal date, after emails 30 and 7 days before. If the charge fails, you have {RENEWAL_GRACE_DAYS} days to pay from a link we
        email you. You can cancel the renewal from your order page.
      </p>
    </div>
  );
}
