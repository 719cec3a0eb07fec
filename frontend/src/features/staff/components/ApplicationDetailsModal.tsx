import { useEffect, useRef, useState } from 'react';
import { filedDateProblem, nextStaffTransition, REOPEN_MOVE, staffMoveBlocker } from '#shared/application-status.ts';
import { ADD_ONS, addOnsOf, addOnWords } from '#shared/catalog/catalog.ts';
import { formatCents, formatUsd } from '#shared/money.ts';
import { formatRefundCents } from '#shared/payments/refunds.ts';
import { MAX_NOTES_LENGTH, type StaffApplication } from '#shared/staff/applications.schema.ts';
import { contentTypeLabel, platformLabel } from '#shared/wizard/options.ts';
import { DialogToaster } from '../../../components/AppToaster.tsx';
import { Button } from '../../../components/Button.tsx';
import { DeliverablesChecklist } from '../../../components/DeliverablesChecklist.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { useMayPerform } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { useOrderDocuments } from '../documents-api.ts';
import { defaultFiledOn, formatDateTime } from '../format.ts';
import { useReopen, useUpdateApplication } from '../staff-api.ts';
import { AnnualReportChargesPanel } from './AnnualReportChargesPanel.tsx';
import { AssignmentPanel } from './AssignmentPanel.tsx';
import { DisputeNotice } from './DisputeNotice.tsx';
import { EmailHistoryPanel } from './EmailHistoryPanel.tsx';
import { FilingDetailsPanel } from './FilingDetailsPanel.tsx';
import { OrderDocumentsPanel } from './OrderDocumentsPanel.tsx';
import { PortalSheetPanel } from './PortalSheetPanel.tsx';
import { RefundForm } from './RefundForm.tsx';
import { StaffPayersPanel } from './StaffPayersPanel.tsx';
import { StateLinksPanel } from './StateLinksPanel.tsx';
import { StatusBadge } from './StatusBadge.tsx';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children || '—'}</dd>
    </div>
  );
}

/** Every field of the application (docs/product.md "LLC application"), add-ons, payment, notes and the status actions. */
export function ApplicationDetailsModal({ application, onClose }: { application: StaffApplication; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [app, setApp] = useState(application);
  // A new note: saved notes are a history (who, when) above the box, never edited in place.
  const [notes, setNotes] = useState('');
  const update = useUpdateApplication();
  // The refund form opens in the body (its own component); nothing asks through a native dialog.
  const [refunding, setRefunding] = useState(false);
  const reopen = useReopen();
  // Reopen and Refund are shown only to a role that may use them (shared/staff/actions.ts).
  const mayReopen = useMayPerform('reopen');
  const mayRefund = useMayPerform('refund');
  // The customer's payer list is read with the order's workflow role (support may not open orders).
  const mayWorkOrders = useMayPerform('workOrders');
  // The documents panel's list is the freshest word on what is delivered (an upload changes it).
  const documents = useOrderDocuments(app.id);
  const deliverables = documents.data?.deliverables ?? app.deliverables;
  const next = nextStaffTransition(app.status);
  // The server refuses the same moves with the same sentence (shared/application-status.ts).
  const blocker = next
    ? staffMoveBlocker({ ...app, deliverables, documents: documents.data?.documents, documentsProblem: documents.data?.problem }, next.to)
    : undefined;
  const [fileNumber, setFileNumber] = useState('');
  // The state's filing date starts at today (most orders are marked filed the day the state
  // accepts them); staff change it when the state's approval says otherwise.
  const [filedOn, setFiledOn] = useState(() => defaultFiledOn(app.paidAt));
  const [reopenReason, setReopenReason] = useState('');
  const filing = next?.to === 'filed';
  const dateProblem = filing && filedOn ? filedDateProblem(filedOn, app.paidAt) : undefined;
  const refundable = mayRefund && (app.paymentStatus === 'paid' || app.paymentStatus === 'needs_review');

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  async function move() {
    if (!next) return;
    try {
      const updated = await update.mutateAsync({ id: app.id, status: next.to, ...(filing ? { fileNumber: fileNumber.trim(), filedOn } : {}) });
      setApp(updated);
      toast('Status Updated', `${updated.businessName || 'Application'} is now ${updated.status}.`);
    } catch (err) {
      toast('Update Failed', failureMessage(err), 'error');
    }
  }

  async function reopenOrder() {
    try {
      const updated = await reopen.mutateAsync({ id: app.id, reason: reopenReason.trim() });
      setApp(updated);
      setReopenReason('');
      toast('Order Reopened', `${updated.businessName || 'The order'} is back to filed.`);
    } catch (err) {
      toast('Reopen Failed', failureMessage(err), 'error');
    }
  }

  // Items from before the history kept one note, without who or when.
  const history = app.noteHistory?.length ? app.noteHistory : app.notes ? [{ text: app.notes, by: '', at: '' }] : [];

  async function saveNotes() {
    try {
      const updated = await update.mutateAsync({ id: app.id, notes });
      setApp(updated);
      setNotes('');
      toast('Notes Saved');
    } catch (err) {
      toast('Update Failed', failureMessage(err), 'error');
    }
  }

  const addOns = addOnsOf(app).map((e) => addOnWords(e.key, app));
  return (
    <dialog
      ref={dialog}
      aria-labelledby="application-details-title"
      onClose={onClose}
      // A column as tall as the screen allows: header and actions stay in view, only the body
      // scrolls, so every action is reachable on a 375 px phone.
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-3xl flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/50 open:flex"
    >
      <div className="flex shrink-0 items-start justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-6 sm:py-4">
        <div>
          <h2 id="application-details-title" className="text-lg font-bold text-slate-900">
            {app.businessName || 'Unnamed business'}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StatusBadge status={app.status} />
            <span>Application {app.id.slice(0, 8)}</span>
          </p>
        </div>
        <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label="Close details">
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="First name">{app.firstName}</Field>
          <Field label="Last name">{app.lastName}</Field>
          <Field label="Email">{app.email}</Field>
          <Field label="Phone">{app.phone}</Field>
          <Field label="Formation state">{app.state}</Field>
          <Field label="Business name">{app.businessName}</Field>
          <Field label="Annual income">{app.annualIncome === null ? '' : formatUsd(app.annualIncome)}</Field>
          <Field label="Content types">{app.contentTypes.map(contentTypeLabel).join(', ')}</Field>
          <Field label="Platforms">{app.platforms.map(platformLabel).join(', ')}</Field>
          <Field label="Add-ons">{addOns.length ? addOns.join(', ') : 'None'}</Field>
          <Field label="Payment">
            {app.paymentStatus === 'needs_review' ? 'needs review' : (app.paymentStatus ?? 'unpaid')}
            {app.amountPaidCents !== undefined ? ` · ${formatCents(app.amountPaidCents)}` : ''}
            {app.paymentProvider ? ` · ${app.paymentProvider}` : ''}
            {app.amountRefundedCents ? ` · ${formatRefundCents(app.amountRefundedCents)} refunded` : ''}
          </Field>
          <Field label="Created">{formatDateTime(app.createdAt)}</Field>
          {ADD_ONS.map((e) => (
            <Field key={e.key} label={e.name}>
              {app[e.key] ? 'Yes' : 'No'}
            </Field>
          ))}
          {app.fileNumber ? <Field label="State file number">{app.fileNumber}</Field> : null}
          {app.filedOn ? <Field label="Filed on">{app.filedOn}</Field> : null}
        </dl>
        <AssignmentPanel app={app} onSaved={setApp} />
        <StateLinksPanel state={app.state} />
        <PortalSheetPanel orderId={app.id} order={app} hasEin={Boolean(app.filingDetails?.ein)} hasDba={Boolean(app.dbaName)} />
        {app.paymentStatus === 'paid' || app.paymentStatus === 'refunded' ? (
          <section aria-labelledby="deliverables-title" className="mt-6 rounded-xl border border-slate-200 p-4">
            <h3 id="deliverables-title" className="text-sm font-semibold text-slate-900">
              Deliverables
            </h3>
            {(documents.data?.ein ?? app.ein) ? <p className="mt-1 text-sm text-slate-800">EIN {documents.data?.ein ?? app.ein}</p> : null}
            <DeliverablesChecklist deliverables={deliverables} staff id="deliverables-title" />
          </section>
        ) : null}
        <AnnualReportChargesPanel app={app} onChanged={setApp} />
        {app.dispute ? <DisputeNotice dispute={app.dispute} /> : null}
        {refunding && refundable ? (
          <RefundForm
            app={app}
            onDone={(updated) => {
              setApp(updated);
              setRefunding(false);
            }}
            onCancel={() => setRefunding(false)}
          />
        ) : null}
        <FilingDetailsPanel app={app} />
        <OrderDocumentsPanel app={app} />
        {mayWorkOrders && (app.paymentStatus === 'paid' || app.paymentStatus === 'refunded') ? <StaffPayersPanel applicationId={app.id} /> : null}
        <EmailHistoryPanel app={app} onChanged={setApp} />
        {app.paymentStatus === 'needs_review' ? (
          <p role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            A payment was received but held for review: {app.reviewReason ?? 'it does not match the order as priced'}. Refund it, then ask the customer to pay
            again.
          </p>
        ) : null}
        {filing && !blocker ? (
          <fieldset className="mt-6 grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">What the state returned</legend>
            <label className="text-sm text-slate-800">
              State file number
              <input
                value={fileNumber}
                onChange={(e) => setFileNumber(e.target.value)}
                className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
              />
            </label>
            <label className="text-sm text-slate-800">
              Filing date
              <input
                type="date"
                value={filedOn}
                max={new Date().toISOString().slice(0, 10)}
                min={app.paidAt?.slice(0, 10)}
                onChange={(e) => setFiledOn(e.target.value)}
                aria-invalid={dateProblem ? true : undefined}
                aria-describedby={dateProblem ? 'filed-on-problem' : undefined}
                className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
              />
            </label>
            {dateProblem ? (
              <p id="filed-on-problem" role="alert" className="text-sm text-red-700 sm:col-span-2">
                {dateProblem}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {app.status === REOPEN_MOVE.from && mayReopen ? (
          <fieldset className="mt-6">
            <legend className="text-sm font-medium text-slate-800">Reopen the order (back to filed)</legend>
            <label className="mt-2 block text-sm text-slate-800">
              Reason (kept in the audit trail)
              <input
                value={reopenReason}
                maxLength={500}
                onChange={(e) => setReopenReason(e.target.value)}
                className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
              />
            </label>
            <Button variant="secondary" className="mt-2" onClick={reopenOrder} disabled={reopen.isPending || reopenReason.trim().length < 3}>
              {reopen.isPending ? 'Reopening…' : 'Reopen order'}
            </Button>
          </fieldset>
        ) : null}
        <div className="mt-6">
          {history.length ? (
            <ol aria-label="Note history" className="mb-3 space-y-2">
              {history.map((n, i) => (
                <li key={`${n.at}-${i}`} className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-900">
                  <p className="whitespace-pre-wrap break-words">{n.text}</p>
                  <p className="mt-1 text-xs text-slate-600">{n.by ? `${n.by} · ${formatDateTime(n.at)}` : 'Earlier note'}</p>
                </li>
              ))}
            </ol>
          ) : null}
          <label htmlFor="application-notes" className="block text-sm font-medium text-slate-800">
            Notes
          </label>
          <textarea
            id="application-notes"
            rows={4}
            maxLength={MAX_NOTES_LENGTH}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            className="mt-2 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
          />
          <Button variant="secondary" className="mt-2" onClick={saveNotes} disabled={update.isPending || !notes.trim()}>
            Save notes
          </Button>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-6 sm:py-4">
        {next && blocker ? (
          <p id="move-blocked" className="mr-auto self-center text-sm text-slate-600">
            {blocker}
          </p>
        ) : null}
        {refundable ? (
          <Button variant="secondary" onClick={() => setRefunding(true)} aria-expanded={refunding}>
            Refund payment
          </Button>
        ) : null}
        {next ? (
          <Button
            onClick={move}
            disabled={update.isPending || Boolean(blocker) || (filing && (!fileNumber.trim() || !filedOn || Boolean(dateProblem)))}
            aria-describedby={blocker ? 'move-blocked' : undefined}
          >
            {next.action}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => dialog.current?.close()}>
          Close
        </Button>
      </div>
      <DialogToaster />
    </dialog>
  );
}
