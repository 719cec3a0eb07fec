import { type FormEvent, useState } from 'react';
import { formatUsd } from '#shared/money.ts';
import { testCardSchema } from '#shared/payments/requests.schema.ts';
import { Button } from '../Button.tsx';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';

/**
 * The offline card form used when no Stripe key is configured (local test mode). Validated with
 * the same schema as the server; the server decides success or decline.
 */
export function TestCardForm({
  total,
  busy,
  onPay,
}: {
  total: number;
  busy: boolean;
  onPay: (card: { cardNumber: string; expiry: string; cvc: string; zip: string }) => void;
}) {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '', zip: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof card) => (e: { target: { value: string } }) => setCard((c) => ({ ...c, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = testCardSchema.safeParse(card);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    onPay(parsed.data);
  };

  const field = (name: keyof typeof card, label: string, props: Record<string, string>, className?: string) => (
    <div className={className}>
      <label htmlFor={`card-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`card-${name}`}
        name={name}
        value={card[name]}
        onChange={set(name)}
        className={INPUT}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `card-${name}-error` : undefined}
        {...props}
      />
      {errors[name] ? (
        <p id={`card-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <strong>Test mode: no real charge.</strong> Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.
      </p>
      {field('cardNumber', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' })}
      {/* Three across from 640 px; on a phone the ZIP code gets its own row, so five digits are never cut. */}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {field('expiry', 'Expiry', { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
        {field('cvc', 'CVC', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' })}
        {field('zip', 'ZIP', { inputMode: 'numeric', autoComplete: 'postal-code', placeholder: '10001' }, 'col-span-2 sm:col-span-1')}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Processing…' : `Pay ${formatUsd(total)}`}
      </Button>
    </form>
  );
}
