import { useRef, useState } from 'react';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { Button } from '../../components/Button.tsx';
import { ComplianceCalendar } from '../../components/ComplianceCalendar.tsx';
import { DeliverablesChecklist } from '../../components/DeliverablesChecklist.tsx';
import { FilingDetailsSummary } from '../../components/FilingDetailsSummary.tsx';
import { useSetOrder } from '../../lib/order-queries.ts';
import { AfterPaymentPurchases } from './AfterPaymentPurchases.tsx';
import { AnnualReportsSection } from './AnnualReportsSection.tsx';
import { Conversation } from './Conversation.tsx';
import { DocumentsList } from './DocumentsList.tsx';
import { ElectionCard, SentForm } from './ElectionCard.tsx';
import { FilingDetailsForm } from './filing-form/FilingDetailsForm.tsx';
import { PayersSection } from './PayersSection.tsx';
import { Receipt } from './Receipt.tsx';
import { RenewalCharges } from './RenewalCharges.tsx';
import { Section } from './Section.tsx';
import { TaxPlanCard } from './TaxPlanCard.tsx';

/**
 * The order page's sections after its heading, progress and next steps (OrderPage.tsx), in a
 * module of their own: they bring the filing form and its schemas, the state data behind the
 * calendar and the costs, and the payment form, none of which the order's first screen shows.
 */

/** The filing details: the form while they may change, else what was given (docs/product.md section 10). */
function FilingDetails({ order }: { order: OrderView }) {
  const { set, refetch } = useSetOrder(order.id);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'saved' | 'conflict'; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { details } = order;
  const showForm = details.editable && (!details.complete || editing);
  const focusNotice = () => requestAnimationFrame(() => noticeRef.current?.focus());

  return (
    <>
      {notice ? (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role={notice.kind === 'conflict' ? 'alert' : 'status'}
          className={`mb-4 rounded-xl border px-4 py-3 text-sm ${
            notice.kind === 'conflict' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-emerald-200 bg-emerald-50 text-emerald-900'
          }`}
        >
          {notice.text}
        </div>
      ) : null}
      {showForm ? (
        <>
          {details.complete ? null : (
            <p className="mb-5 text-sm text-slate-700">
              {order.stateName} needs these on your formation document. It takes about five minutes; you can change them until we start filing.
            </p>
          )}
          <FilingDetailsForm
            order={order}
            onSaved={(view) => {
              set(view);
              setEditing(false);
              setNotice({ kind: 'saved', text: 'Your filing details are saved. We prepare your filing next and email you when we submit it.' });
              focusNotice();
            }}
            onConflict={(text) => {
              setNotice({ kind: 'conflict', text });
              void refetch();
              focusNotice();
            }}
            onCancel={details.complete ? () => setEditing(false) : undefined}
          />
        </>
      ) : details.value ? (
        <>
          <FilingDetailsSummary details={details.value} />
          {details.editable ? (
            <Button
              variant="secondary"
              className="mt-5"
              onClick={() => {
                setEditing(true);
                setNotice(null);
              }}
            >
              Change the details
            </Button>
          ) : (
            <p className="mt-5 text-sm text-slate-600">
              {order.status === 'processing' ? 'We have started filing with these details.' : `These are the details we filed with ${order.stateName}.`} To
              change anything now, send us a request below.
            </p>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-700">
          {order.paymentStatus === 'paid'
            ? 'We have started your filing. To add or change anything, send us a request below.'
            : 'The filing details are asked once the order is paid.'}
        </p>
      )}
    </>
  );
}

/** The left column's sections after "What happens next". */
export function MainSections({ order }: { order: OrderView }) {
  return (
    <>
      {order.paymentStatus === 'paid' && order.deliverables.length ? (
        <Section title="What your order includes" id="order-deliverables">
          {order.ein ? (
            <p className="mb-3 text-sm text-slate-800">
              Your EIN (Employer Identification Number): <strong className="font-semibold tabular-nums">{order.ein}</strong>
            </p>
          ) : null}
          <DeliverablesChecklist deliverables={order.deliverables} id="order-deliverables" />
        </Section>
      ) : null}
      {order.taxPlan ? (
        <Section title="Your taxes: the S-corporation choice" id="order-tax-plan">
          <TaxPlanCard orderId={order.id} plan={order.taxPlan} form2553={order.deliverables.find((d) => d.key === 'form_2553')} />
        </Section>
      ) : null}
      {order.election ? (
        <Section title="Your S-corporation election (Form 2553)" id="order-election">
          <ElectionCard election={order.election} orderId={order.id} />
        </Section>
      ) : order.paymentStatus === 'paid' && !order.deliverables.some((d) => d.key === 'form_2553') ? (
        <Section title="Filed Form 2553 yourself?" id="order-election">
          <details>
            <summary className="cursor-pointer text-sm text-indigo-700">Record the S-corporation election you sent to the IRS</summary>
            <p className="mt-2 text-sm text-slate-700">
              We then show when the IRS answer is due, email you if none came in time, and list the payers to give a new W-9 once it is in effect.
            </p>
            <SentForm orderId={order.id} />
          </details>
        </Section>
      ) : null}
      {order.paymentStatus === 'paid' ? (
        <Section title="Your payers and Form W-9" id="order-payers">
          <PayersSection orderId={order.id} />
        </Section>
      ) : null}
      <Section title="Filing details" id="order-details">
        <FilingDetails order={order} />
      </Section>
      <Section title="Messages and change requests" id="order-conversation">
        <Conversation id={order.id} email={order.email} />
      </Section>
    </>
  );
}

/** The side column: the receipt and the documents. */
export function SideSections({ order }: { order: OrderView }) {
  return (
    <>
      <Section title="Receipt" id="order-receipt">
        {order.receipt ? <Receipt receipt={order.receipt} /> : <p className="text-sm text-slate-600">No payment is recorded for this order yet.</p>}
      </Section>
      <Section title="Documents" id="order-documents">
        <DocumentsList orderId={order.id} documents={order.documents} mail={order.mail} />
      </Section>
    </>
  );
}

/** Below both columns: the compliance calendar, the renewal charges and the add-ons to buy after payment of a paid order. */
export function TailSections({ order }: { order: OrderView }) {
  return (
    <>
      {order.paymentStatus === 'paid' ? (
        <div className="mt-6">
          <ComplianceCalendar applicationId={order.id} />
        </div>
      ) : null}
      {order.paymentStatus === 'paid' ? (
        <div className="mt-6">
          <RenewalCharges applicationId={order.id} />
        </div>
      ) : null}
      {order.paymentStatus === 'paid' ? (
        <div className="mt-6">
          <AfterPaymentPurchases applicationId={order.id} />
        </div>
      ) : null}
      {order.paymentStatus === 'paid' ? (
        <div className="mt-6">
          <AnnualReportsSection applicationId={order.id} />
        </div>
      ) : null}
    </>
  );
}
