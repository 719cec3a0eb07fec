import { useId } from 'react';
import type { ApplicationResponse } from '#shared/api/responses.schema.ts';
import {
  ANNUAL_REPORT_CHARGE_LEAD_DAYS,
  ANNUAL_REPORT_CONSENT,
  ANNUAL_REPORT_GRACE_DAYS,
  ANNUAL_REPORT_NOTICE_DAYS,
} from '#shared/compliance/annual-report-terms.ts';
import { formatExactCents } from '#shared/money.ts';
import { Card } from '../../components/Card.tsx';
import { formatIsoDate } from '../../lib/processing.ts';

/**
 * Checkout's offer of the annual reports filed for the customer (docs/decisions/0434), as the server
 * priced it for the filing state: our fee plus the state's fee at cost, per report, the first report
 * and its charge day, and that nothing of it is charged today; the box, not ticked until the
 * customer ticks it, with the order page's consent. Agreed with a card payment only: the card is
 * kept for the charges. Where the state's report is free or there is none, the sentence that says so.
 */
export function AnnualReportsOptIn({
  offer,
  stateName,
  checked,
  onChange,
  cardPayment,
  disabled,
}: {
  offer: NonNullable<ApplicationResponse['annualReports']>;
  stateName: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Whether the payment being made is by card (the only one the agreement travels with). */
  cardPayment: boolean;
  disabled?: boolean;
}) {
  const boxId = useId();
  const hintId = useId();
  return (
    <Card>
      <section aria-labelledby={`${boxId}-title`} data-testid="checkout-annual-reports">
        <h2 id={`${boxId}-title`} className="text-lg font-semibold text-slate-900">
          Annual reports filed for you
        </h2>
        {!offer.available ? (
          <p className="mt-2 text-sm text-slate-700">{offer.reason}</p>
        ) : (
          <div className="mt-2 text-sm text-slate-700">
            <p id={hintId}>
              We file your LLC's annual report with the state before each due date and put the state's receipt in your documents:{' '}
              <strong className="text-slate-900">{formatExactCents(offer.priceCents)} a report</strong> (our fee of{' '}
              {formatExactCents(Math.round(offer.serviceUsd * 100))} plus {stateName}'s fee of {formatExactCents(offer.stateFeeCents)} at cost), fixed when you
              pay.{' '}
              {offer.firstDueOn && offer.chargeOn
                ? `Your first report is due on ${formatIsoDate(offer.firstDueOn)} (counted from today: the state's filing date sets it); we charge it on ${formatIsoDate(offer.chargeOn)}, `
                : `${stateName}'s report is due: ${offer.dueText}; we charge each report `}
              {ANNUAL_REPORT_CHARGE_LEAD_DAYS} days before it is due, to the card you pay with now, after emailing you {ANNUAL_REPORT_NOTICE_DAYS.join(' and ')}{' '}
              days before. If a charge fails, you have {ANNUAL_REPORT_GRACE_DAYS} days to pay on your order page. Cancel any time on your order page.{' '}
              <strong className="text-slate-900">Nothing is charged today for it</strong>: it is not part of your total.
            </p>
            <label className="mt-3 flex items-start gap-2 font-medium text-slate-900">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 text-indigo-600 focus:ring-indigo-500"
                checked={checked && cardPayment}
                onChange={(e) => onChange(e.target.checked)}
                disabled={disabled || !cardPayment}
                aria-describedby={hintId}
                data-testid="annual-reports-consent"
              />
              <span>{ANNUAL_REPORT_CONSENT}</span>
            </label>
            {!cardPayment ? (
              <p className="mt-2 pl-6 text-slate-600" role="status">
                Agreed only with a card payment here, as the reports are charged to that card. Paying another way, you can agree on your order page after
                payment.
              </p>
            ) : null}
          </div>
        )}
      </section>
    </Card>
  );
}
