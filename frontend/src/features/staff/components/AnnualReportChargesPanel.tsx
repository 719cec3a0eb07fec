import { useId, useState } from 'react';
import { type ChargedReport, reportRefundDecision } from '#shared/compliance/annual-report-refund.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import { formatExactCents } from '#shared/money.ts';
import { REFUND_REASON_MAX } from '#shared/payments/refunds.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { useMayPerform } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { useRefundAnnualReport } from '../annual-reports-api.ts';
import { formatDate } from '../format.ts';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

/** The reason, then an in-page confirmation before the money moves (as the payment's refund form). */
function RefundReport({
  app,
  report,
  onDone,
  onCancel,
}: {
  app: StaffApplication;
  report: ChargedReport;
  onDone: (a: StaffApplication) => void;
  onCancel: () => void;
}) {
  const refund = useRefundAnnualReport(app.id);
  const ids = useId();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const amount = formatExactCents(report.amountCents);
  const short = reason.trim().length < 3;
  async function send() {
    try {
      const updated = await refund.mutateAsync({ dueOn: report.dueOn, reason: reason.trim() });
      toast('Refund Sent', `${amount} for the report due ${formatDate(report.dueOn)} goes back to the customer, who is emailed about it.`);
      onDone(updated);
    } catch (err) {
      setConfirming(false);
      toast('Refund Failed', failureMessage(err), 'error');
    }
  }
  return (
    <div className="mt-2 rounded-lg border border-slate-300 p-3">
      <label htmlFor={`${ids}-reason`} className="text-sm text-slate-800">
        Reason (the customer's email says it)
      </label>
      <textarea
        id={`${ids}-reason`}
        rows={2}
        value={reason}
        maxLength={REFUND_REASON_MAX}
        disabled={confirming}
        onChange={(e) => setReason(e.target.value)}
        className={INPUT}
      />
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`${ids}-confirm`} className="mt-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2">
          <p id={`${ids}-confirm`} className="text-sm font-medium text-red-900">
            Send {amount} back to the card it was charged to? This cannot be undone.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button onClick={send} disabled={refund.isPending}>
              {refund.isPending ? 'Refunding…' : `Refund ${amount}`}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={refund.isPending}>
              Back
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            onClick={() => setConfirming(true)}
            disabled={short}
            title={short ? 'Write the reason (at least 3 characters): the customer reads it' : undefined}
          >
            Review refund
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The annual reports charged on the order (docs/decisions/0431): each with its charge, filing and
 * refund; an owner refunds one as the Refund Policy allows (docs/decisions/0435,
 * shared/compliance/annual-report-refund.ts says which and in what words; the server refuses the same).
 */
export function AnnualReportChargesPanel({ app, onChanged }: { app: StaffApplication; onChanged: (a: StaffApplication) => void }) {
  const mayRefund = useMayPerform('refund');
  const [open, setOpen] = useState<string | null>(null);
  const reports = app.annualReportCharges ?? [];
  if (!reports.length) return null;
  const today = dayOf(Date.now());
  return (
    <section aria-labelledby={`${app.id}-annual-report-charges`} className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id={`${app.id}-annual-report-charges`} className="text-sm font-semibold text-slate-900">
        Annual reports charged
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {reports.map((report) => {
          const decision = reportRefundDecision(reports, report.dueOn, today);
          return (
            <li key={report.dueOn} className="py-2" data-due={report.dueOn}>
              <p className="text-slate-900">
                Report due {formatDate(report.dueOn)}: {formatExactCents(report.amountCents)} charged {formatDate(report.paidAt)}
                {report.filedOn ? `, filed ${formatDate(report.filedOn)}` : ', not filed'}
                {report.refund ? `, refunded ${formatExactCents(report.refund.amountCents)} on ${formatDate(report.refund.at)}` : ''}
              </p>
              {mayRefund && !report.refund ? <p className="mt-1 text-xs text-slate-600">{decision.ok ? decision.sentence : decision.message}</p> : null}
              {mayRefund && decision.ok && open !== report.dueOn ? (
                <Button variant="secondary" className="mt-1" onClick={() => setOpen(report.dueOn)}>
                  Refund this report
                </Button>
              ) : null}
              {mayRefund && decision.ok && open === report.dueOn ? (
                <RefundReport
                  app={app}
                  report={report}
                  onDone={(updated) => {
                    setOpen(null);
                    onChanged(updated);
                  }}
                  onCancel={() => setOpen(null)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
