import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ANNUAL_REPORT_CHARGE_LEAD_DAYS,
  ANNUAL_REPORT_CONSENT,
  ANNUAL_REPORT_GRACE_DAYS,
  ANNUAL_REPORT_NOTICE_DAYS,
} from '#shared/compliance/annual-report-terms.ts';
import type { RenewalEventKind } from '#shared/compliance/renewal-charges.ts';
import { formatExactCents } from '#shared/money.ts';
import type { TestCard } from '#shared/payments/test-cards.ts';
import { Card } from '../../components/Card.tsx';
import { failureMessage } from '../../lib/api.ts';
import { api } from '../../lib/api-client.ts';
import { formatIsoDate } from '../../lib/processing.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { DueCardPayment } from './DueCardPayment.tsx';

type View = Awaited<ReturnType<typeof fetchView>>;
const fetchView = (id: string) => api.call('GET /api/orders/{id}/annual-reports', { params: { id } });
const viewKey = (id: string) => [api.url('GET /api/orders/{id}/annual-reports', { params: { id } })];

const EVENT_LABELS: Record<RenewalEventKind, string> = {
  charged: 'Charged',
  'charge-failed': 'Charge failed',
  'paid-by-link': 'Paid from the payment link',
  refunded: 'Refunded',
  lapsed: 'Not paid in time: not filed',
};

/**
 * The order page's annual reports filed for the customer (docs/decisions/0431): where the state's
 * report has a fee, the offer with its consent; once agreed, the price agreed, the next report and
 * its charge day, cancel in one step and its undo, the payment a failed charge left due, the
 * reports filed with their confirmation numbers, and the history. Where the report is free or
 * there is none, the sentence that says so.
 */
export function AnnualReportsSection({ applicationId }: { applicationId: string }) {
  const queryClient = useQueryClient();
  const consentId = useId();
  const [consent, setConsent] = useState(false);
  const { data } = useQuery({ queryKey: viewKey(applicationId), queryFn: () => fetchView(applicationId) });
  const settle = (view: View) => queryClient.setQueryData(viewKey(applicationId), view);
  const agree = useMutation({
    mutationFn: () => api.call('POST /api/orders/{id}/annual-reports', { params: { id: applicationId }, body: { consent: true } }),
    onSuccess: (view) => {
      settle(view);
      toast('Annual reports', 'We file each report before it is due. We emailed you the details.', 'success');
    },
    onError: (err) => toast('Not Agreed', failureMessage(err), 'error'),
  });
  const cancel = useMutation({
    mutationFn: () => api.call('POST /api/orders/{id}/annual-reports/cancel', { params: { id: applicationId } }),
    onSuccess: (view) => {
      settle(view);
      toast('Cancelled', 'Nothing more is charged. We emailed you a confirmation; you can undo it here.', 'success');
    },
    onError: (err) => toast('Not Cancelled', failureMessage(err), 'error'),
  });
  const resume = useMutation({
    mutationFn: () => api.call('POST /api/orders/{id}/annual-reports/resume', { params: { id: applicationId } }),
    onSuccess: (view) => {
      settle(view);
      toast('Resumed', 'We file your annual reports again, at the price you agreed to.', 'success');
    },
    onError: (err) => toast('Not Resumed', failureMessage(err), 'error'),
  });
  if (!data) return null;
  const due = data.charge?.state === 'payment-due' ? data.charge : undefined;
  const price = data.priceCents !== undefined ? formatExactCents(data.priceCents) : undefined;
  return (
    <Card>
      <section aria-labelledby={`${applicationId}-annual-reports`} data-testid="annual-reports">
        <h2 id={`${applicationId}-annual-reports`} className="text-lg font-semibold text-slate-900">
          Annual reports filed for you
        </h2>
        {!data.available && data.status === 'not-agreed' ? <p className="mt-2 text-sm text-slate-700">{data.reason}</p> : null}
        {data.available && data.status === 'not-agreed' ? (
          <div className="mt-2 text-sm text-slate-700">
            <p>
              We file your LLC's annual report with the state before each due date and put the state's receipt in your vault. The price is our fee plus the
              state's fee at cost, fixed when you agree; we charge the card kept at checkout {ANNUAL_REPORT_CHARGE_LEAD_DAYS} days before each due date, and
              email you {ANNUAL_REPORT_NOTICE_DAYS.join(' and ')} days before. If a charge fails, you have {ANNUAL_REPORT_GRACE_DAYS} days to pay here. Cancel
              any time here.
            </p>
            <label htmlFor={consentId} className="mt-3 flex items-start gap-2">
              <input id={consentId} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} className="mt-1" />
              <span>{ANNUAL_REPORT_CONSENT}</span>
            </label>
            <button
              type="button"
              className="mt-3 rounded-lg bg-slate-900 px-4 py-2 font-medium text-white disabled:opacity-50"
              disabled={!consent || agree.isPending}
              onClick={() => agree.mutate()}
            >
              File my annual reports
            </button>
          </div>
        ) : null}
        {data.status === 'active' && !due ? (
          <p className="mt-2 text-sm text-slate-700">
            {price} a report, as you agreed.
            {data.nextDueOn && data.chargeOn
              ? ` The next report is due on ${formatIsoDate(data.nextDueOn)}; we charge it on ${formatIsoDate(data.chargeOn)}.`
              : ''}
            {data.cardLast4
              ? ` We charge the card ending ${data.cardLast4}.`
              : ' No card is kept from checkout: on the charge day we email you a link to pay here.'}
          </p>
        ) : null}
        {data.status === 'active' ? (
          <button
            type="button"
            className="mt-3 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-900 disabled:opacity-50"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Cancel annual reports
          </button>
        ) : null}
        {data.status === 'cancelled' ? (
          <div className="mt-2 text-sm text-slate-700" role="status">
            <p>You cancelled the annual reports: nothing more is charged, and the reports are yours to file.</p>
            <button
              type="button"
              className="mt-3 rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-900 disabled:opacity-50"
              disabled={resume.isPending}
              onClick={() => resume.mutate()}
            >
              Undo: file my annual reports again
            </button>
          </div>
        ) : null}
        {due && data.status === 'active' ? <PaymentDue applicationId={applicationId} due={due} onPaid={settle} /> : null}
        {data.filings.length ? (
          <ul className="mt-4 text-sm text-slate-800" aria-label="Reports filed">
            {data.filings.map((f) => (
              <li key={f.dueOn}>
                Report due {formatIsoDate(f.dueOn)}: filed on {formatIsoDate(f.filedOn)}, confirmation {f.confirmation}. The state's receipt is in your
                documents.
              </li>
            ))}
          </ul>
        ) : null}
        {data.history.length ? (
          <ol className="mt-4 divide-y divide-slate-200 text-sm" aria-label="Annual report payments">
            {data.history.map((event) => (
              <li key={`${event.at}-${event.kind}`} className="flex flex-wrap justify-between gap-x-3 py-2" data-kind={event.kind}>
                <span className="font-medium text-slate-900">
                  {EVENT_LABELS[event.kind]}: {formatExactCents(event.amountCents)} for the report due {formatIsoDate(event.period)}
                  {event.detail ? <span className="font-normal text-slate-700"> ({event.detail})</span> : null}
                </span>
                <time className="text-slate-600" dateTime={event.at}>
                  {formatIsoDate(event.at.slice(0, 10))}
                </time>
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </Card>
  );
}

function PaymentDue({ applicationId, due, onPaid }: { applicationId: string; due: NonNullable<View['charge']>; onPaid: (view: View) => void }) {
  const titleId = useId();
  const methods = useQuery<{ card?: { mode: 'test' | 'stripe'; publishableKey?: string } | null }>({
    queryKey: [api.url('GET /api/payment-methods')],
    queryFn: () => api.call('GET /api/payment-methods'),
  });
  const mode = methods.data?.card?.mode;
  const pay = useMutation({
    mutationFn: (card?: TestCard) => api.call('POST /api/orders/{id}/annual-reports/payment', { params: { id: applicationId }, body: card ? { card } : {} }),
    onSuccess: (answer) => {
      if (answer.status !== 'paid') return;
      onPaid(answer.annualReports);
      toast('Paid', `Thank you: ${formatExactCents(due.amountCents)} paid. We file the report before it is due.`, 'success');
    },
    onError: (err) => toast('Payment Failed', failureMessage(err), 'error'),
  });
  const intent = useQuery({
    queryKey: ['annual-report-intent', applicationId, due.period],
    queryFn: () => api.call('POST /api/orders/{id}/annual-reports/payment', { params: { id: applicationId }, body: {} }),
    enabled: mode === 'stripe',
  });
  const total = due.amountCents / 100;
  return (
    <section className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800" aria-labelledby={titleId}>
      <p id={titleId} className="font-semibold text-slate-900">
        Payment due: {formatExactCents(due.amountCents)} by {due.graceEndsOn ? formatIsoDate(due.graceEndsOn) : 'the end of the grace period'}
      </p>
      <p className="mt-1">
        The charge for the report due {formatIsoDate(due.period)} failed{due.failure ? `: ${due.failure.message}` : '.'} Pay it here and we file the report; if
        it is not paid by then, we do not file it.
      </p>
      <DueCardPayment
        mode={mode}
        publishableKey={methods.data?.card?.publishableKey}
        clientSecret={intent.data?.clientSecret}
        setupFailed={methods.isError || intent.isError}
        total={total}
        busy={pay.isPending}
        onTestPay={(card) => pay.mutate(card)}
        returnUrl={paths.order(applicationId)}
      />
    </section>
  );
}
