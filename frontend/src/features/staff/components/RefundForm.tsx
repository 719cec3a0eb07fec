import { useEffect, useId, useRef, useState } from 'react';
import { PROVIDER_RECEIPT_NAMES } from '#shared/payments/methods.ts';
import {
  formatRefundCents,
  REFUND_REASON_MAX,
  refundAmountProblem,
  refundArrival,
  refundEmailText,
  refundPlan,
  stateFeeSentence,
} from '#shared/payments/refunds.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateTime } from '../format.ts';
import { useRefund } from '../staff-api.ts';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

/** "12.34" -> 1234 cents; undefined when it is not an amount of dollars and cents. */
function parseDollars(value: string): number | undefined {
  const m = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || 0);
}

const toDollars = (cents: number) => (cents / 100).toFixed(2);

/** What a staff refund gives back from: the paid payment, or the payment held for review (all of it: the state kept none). */
function planFor(app: StaffApplication) {
  if (app.paymentStatus === 'needs_review') return refundPlan({ amountPaidCents: app.reviewAmountCents, amountRefundedCents: app.amountRefundedCents });
  return refundPlan(app);
}

/**
 * The staff refund form (docs/product.md section 9, "Refunds"): the amount (by default everything
 * but what the state already kept), the reason, the customer's email as it will read, then an
 * in-page confirmation before any money moves. The server applies the same rules
 * (shared/payments/refunds.ts) and refuses what this form would not send.
 */
export function RefundForm({ app, onDone, onCancel }: { app: StaffApplication; onDone: (updated: StaffApplication) => void; onCancel: () => void }) {
  const refund = useRefund();
  const plan = planFor(app);
  const ids = useId();
  const [amount, setAmount] = useState(toDollars(plan.suggestedCents));
  const [reason, setReason] = useState('');
  const [includeStateFee, setIncludeStateFee] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const section = useRef<HTMLElement>(null);
  // Opened from the modal's footer: brought into view (on a phone it starts below the fold).
  // A block body: newer browsers' scrollIntoView returns a Promise, which React would take for a cleanup function.
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const cents = parseDollars(amount);
  const problem = cents === undefined ? 'Enter an amount in dollars and cents, e.g. 50.00' : refundAmountProblem(plan, cents, includeStateFee);
  const reasonProblem = reason.trim().length < 3 ? 'Write the reason (at least 3 characters): the customer reads it' : undefined;
  const full = cents !== undefined && cents >= plan.refundableCents;
  const provider = app.paymentStatus === 'needs_review' ? undefined : app.paymentProvider;
  const preview =
    cents !== undefined
      ? refundEmailText({
          firstName: app.firstName,
          businessName: app.businessName,
          amountCents: cents,
          refundedCents: Math.min(plan.paidCents, plan.refundedCents + cents),
          paidCents: plan.paidCents,
          full,
          reason: reason.trim() || '(your reason)',
          arrival: refundArrival(provider),
          refundedAt: new Date().toISOString(),
        })
      : undefined;

  async function send() {
    if (cents === undefined) return;
    try {
      const updated = await refund.mutateAsync({ id: app.id, amountCents: cents, reason: reason.trim(), ...(includeStateFee ? { includeStateFee } : {}) });
      toast('Refund Sent', `${formatRefundCents(cents)} goes back to ${updated.email || 'the customer'}, who is emailed about it.`);
      onDone(updated);
    } catch (err) {
      setConfirming(false);
      toast('Refund Failed', failureMessage(err), 'error');
    }
  }

  return (
    <section ref={section} aria-labelledby={`${ids}-title`} className="mt-6 rounded-xl border border-slate-300 p-4">
      <h3 id={`${ids}-title`} className="text-sm font-semibold text-slate-900">
        Refund
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Paid {formatRefundCents(plan.paidCents)}
        {plan.refundedCents ? `, refunded ${formatRefundCents(plan.refundedCents)} already` : ''}: up to {formatRefundCents(plan.refundableCents)} can go back
        {provider ? ` (${PROVIDER_RECEIPT_NAMES[provider] ?? provider})` : ''}.
      </p>
      {plan.stateFeeSpent ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" id={`${ids}-state-fee`}>
          {stateFeeSentence(plan)}
        </p>
      ) : null}
      {app.refunds?.length ? (
        <ul aria-label="Refunds so far" className="mt-2 space-y-1 text-sm text-slate-700">
          {app.refunds.map((r) => (
            <li key={r.id}>
              {formatRefundCents(r.amountCents)} · {r.reason} · {r.by ?? (r.source === 'dispute' ? 'chargeback' : 'at the provider')} · {formatDateTime(r.at)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="text-sm text-slate-800">
          Amount (US dollars)
          <input
            inputMode="decimal"
            value={amount}
            disabled={confirming}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids}-amount-problem` : undefined}
            className={INPUT}
          />
        </label>
        {plan.stateFeeSpent ? (
          <label className="flex items-center gap-2 self-end text-sm text-slate-800">
            <input
              type="checkbox"
              checked={includeStateFee}
              disabled={confirming}
              onChange={(e) => {
                setIncludeStateFee(e.target.checked);
                setAmount(toDollars(e.target.checked ? plan.refundableCents : plan.suggestedCents));
              }}
            />
            Include the {formatRefundCents(plan.stateFeeCents)} state fee (we bear it)
          </label>
        ) : null}
        <label className="text-sm text-slate-800 sm:col-span-2">
          Reason (the customer's email says it)
          <textarea rows={2} value={reason} maxLength={REFUND_REASON_MAX} disabled={confirming} onChange={(e) => setReason(e.target.value)} className={INPUT} />
        </label>
      </div>
      {problem ? (
        <p id={`${ids}-amount-problem`} role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {preview ? (
        <figure className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <figcaption className="text-xs font-medium uppercase tracking-wide text-slate-600">
            The customer's email{app.email ? ` to ${app.email}` : ''}
          </figcaption>
          <p className="mt-1 font-semibold">{preview.subject}</p>
          {preview.paragraphs.map((p) => (
            <p key={p} className="mt-1">
              {p}
            </p>
          ))}
        </figure>
      ) : null}
      {confirming && cents !== undefined ? (
        <div role="alertdialog" aria-labelledby={`${ids}-confirm`} className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2">
          <p id={`${ids}-confirm`} className="text-sm font-medium text-red-900">
            Send {formatRefundCents(cents)} back to the customer{full ? ' (the whole payment: the order closes)' : ''}? This cannot be undone.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button onClick={send} disabled={refund.isPending}>
              {refund.isPending ? 'Refunding…' : `Refund ${formatRefundCents(cents)}`}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={refund.isPending}>
              Back
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setConfirming(true)} disabled={Boolean(problem || reasonProblem)} title={reasonProblem}>
            Review refund
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      )}
    </section>
  );
}
