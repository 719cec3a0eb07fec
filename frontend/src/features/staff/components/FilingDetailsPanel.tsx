import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { FilingDetailsSummary, maskedTaxId } from '../../../components/FilingDetailsSummary.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { staffCall, useMayPerform } from '../../../lib/staff-session.ts';
import { paths } from '../../../paths.ts';
import { formatDateTime } from '../format.ts';

/**
 * The tax id in the filing details: its last four digits, and a Reveal button that fetches the
 * whole number for the EIN application. The number stays on screen only while the modal is open
 * (it lives in this component's state), and the server records every reveal.
 */
function TaxIdReveal({ applicationId, last4 }: { applicationId: string; last4: string }) {
  const [taxId, setTaxId] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () => staffCall('POST /api/staff/applications/{id}/tax-id/reveal', { params: { id: applicationId } }),
    onSuccess: (res) => setTaxId(res.taxId),
  });
  if (taxId)
    return (
      <span className="font-mono tabular-nums" data-testid="revealed-tax-id">
        {taxId}
      </span>
    );
  return (
    <span className="block">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-mono tabular-nums">{maskedTaxId(last4)}</span>
        <Button variant="secondary" className="!px-3 !py-1.5" onClick={() => reveal.mutate()} disabled={reveal.isPending} aria-describedby="tax-id-reveal-note">
          {reveal.isPending ? 'Revealing…' : 'Reveal'}
        </Button>
      </span>
      <span id="tax-id-reveal-note" className="mt-1 block text-xs text-slate-600">
        Shows the full number until you close this window, for the EIN application. Each reveal is recorded in the activity log.
      </span>
      {reveal.isError ? (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {failureMessage(reveal.error)}
        </span>
      ) : null}
    </span>
  );
}

/** The customer's filing details in the application modal (Start Processing waits for them). */
export function FilingDetailsPanel({ app }: { app: StaffApplication }) {
  const details = app.filingDetails;
  const last4 = details?.ein?.responsibleParty.taxIdLast4;
  // Only a role that may reveal gets the button; others see the last four digits.
  const mayReveal = useMayPerform('revealTaxId');
  return (
    <section aria-labelledby="filing-details-title" className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id="filing-details-title" className="text-sm font-semibold text-slate-900">
        Filing details
        {app.detailsCompletedAt ? <span className="ml-2 font-normal text-slate-600">completed {formatDateTime(app.detailsCompletedAt)}</span> : null}
      </h3>
      <div className="mt-3">
        {details ? (
          <FilingDetailsSummary
            details={details}
            taxId={app.taxIdOnFile && last4 && mayReveal ? <TaxIdReveal applicationId={app.id} last4={last4} /> : undefined}
          />
        ) : (
          <p className="text-sm text-slate-600">The customer has not completed the filing details yet.</p>
        )}
      </div>
      {details && app.status === 'processing' ? (
        <p className="mt-3 text-sm">
          <Link to={paths.staffOrderDetails(app.id)} className="font-semibold text-indigo-700 underline underline-offset-2">
            Change the filing details
          </Link>{' '}
          <span className="text-slate-600">(with a reason; the customer is emailed what changed)</span>
        </p>
      ) : null}
    </section>
  );
}
