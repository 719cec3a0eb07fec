import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { detailsChangeReasonSchema } from '#shared/staff/email-delivery.schema.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { StaffShell } from '../../components/StaffShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError } from '../../lib/api.ts';
import { staffCall, useStaffSession } from '../../lib/staff-session.ts';
import { paths } from '../../paths.ts';
import { FilingDetailsForm } from './filing-form/FilingDetailsForm.tsx';

/**
 * /staff/orders/{id}/details: staff change the filing details of an order that is processing
 * (the customer can no longer), in the customer's own form and with a reason. The server keeps
 * the customer's signature, records the change in the audit trail and emails the customer what
 * changed and why (docs/product.md section 2). It lives with the form it reuses.
 */
export default function StaffDetailsEditPage() {
  usePageMeta({ title: 'Change the filing details | CreatorLLC' });
  const hasToken = useStaffSession();
  if (!hasToken) return <Navigate to={paths.staffLogin} replace />;
  return <Editor />;
}

function Editor() {
  const { id = '' } = useParams();
  const order = useQuery({
    queryKey: ['staff', 'order-view', id],
    queryFn: () => staffCall('GET /api/staff/applications/{id}/order-view', { params: { id } }),
  });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [saved, setSaved] = useState<OrderView | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  async function save(body: unknown): Promise<OrderView> {
    const parsed = detailsChangeReasonSchema.safeParse(reason);
    if (!parsed.success) {
      const sentence = parsed.error.issues[0]?.message ?? 'Give the reason for the change';
      setReasonError(sentence);
      document.getElementById('details-change-reason')?.focus();
      throw new ApiError(400, JSON.stringify({ error: sentence, code: 'invalid_request' }), sentence);
    }
    setReasonError(null);
    return staffCall('PUT /api/staff/applications/{id}/filing-details', { params: { id }, body: { ...(body as object), reason: parsed.data } as never });
  }

  return (
    <StaffShell title="Change the filing details">
      <div className="mt-6">
        <ButtonLink to={paths.staffDashboard} variant="ghost">
          Back to the dashboard
        </ButtonLink>
      </div>
      {order.isPending ? (
        <p className="mt-6 text-sm text-slate-600">Loading the order…</p>
      ) : order.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          The order could not be loaded.
        </p>
      ) : saved ? (
        <Card role="status" className="mt-6">
          <p className="font-semibold text-slate-900">The filing details of {saved.businessName} are changed.</p>
          <p className="mt-1 text-sm text-slate-700">
            The change and its reason are in the audit trail, and {saved.email} was emailed what changed. Generate the documents again from the order if they
            were made from the old details.
          </p>
        </Card>
      ) : order.data.status !== 'processing' ? (
        <p role="alert" className="mt-6 text-sm text-slate-800">
          Staff change the filing details while the order is processing; this order is {order.data.status}.
        </p>
      ) : (
        <Card className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">
            {order.data.businessName} · order {order.data.id.slice(0, 8)}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            The customer's signature stays as they gave it, with its time, whatever the signature box below says (the form asks for it to be ticked). The
            customer is emailed what changed and why.
          </p>
          <label htmlFor="details-change-reason" className="mt-4 block text-sm font-medium text-slate-800">
            Reason for the change (kept in the audit trail and sent to the customer)
          </label>
          <input
            id="details-change-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'details-change-reason-error' : undefined}
            className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
          />
          {reasonError ? (
            <p id="details-change-reason-error" className="mt-1 text-sm text-red-700">
              {reasonError}
            </p>
          ) : null}
          {conflict ? (
            <p role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {conflict}
            </p>
          ) : null}
          <div className="mt-6">
            <FilingDetailsForm order={order.data} save={save} onSaved={setSaved} onConflict={setConflict} />
          </div>
        </Card>
      )}
    </StaffShell>
  );
}
