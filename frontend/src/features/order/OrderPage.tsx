import { type ReactNode, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ComplianceCalendar } from '../../components/ComplianceCalendar.tsx';
import { DeliverablesChecklist } from '../../components/DeliverablesChecklist.tsx';
import { FilingDetailsSummary } from '../../components/FilingDetailsSummary.tsx';
import { StateDataCredit } from '../../components/ProcessingTime.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError } from '../../lib/api.ts';
import { useOrderAccess } from '../../lib/link-access.ts';
import { useOrder, useSetOrder } from '../../lib/order-queries.ts';
import { paths } from '../../paths.ts';
import { Conversation } from './Conversation.tsx';
import { DocumentsList } from './DocumentsList.tsx';
import { FilingDetailsForm } from './filing-form/FilingDetailsForm.tsx';
import { LinkOffer } from './LinkOffer.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { Receipt } from './Receipt.tsx';
import { RenewalCharges } from './RenewalCharges.tsx';
import { TaxPlanCard } from './TaxPlanCard.tsx';

function Section({ title, id, children, className = '' }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <Card className="p-5 sm:p-6">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </Card>
    </section>
  );
}

/**
 * What happens next: the server's sentences, and, until the state has the filing, the state's
 * published processing time and our own filing time.
 */
function NextSteps({ order }: { order: OrderView }) {
  const waiting = order.paymentStatus === 'paid' && (order.status === 'submitted' || order.status === 'processing');
  const saysTime = order.nextSteps.some((s) => s.includes(order.processingTime));
  return (
    <>
      <ul className="space-y-2 text-sm text-slate-800" data-testid="next-steps">
        {order.nextSteps.map((s) => (
          <li key={s} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-indigo-600" />
            <span>{s}</span>
          </li>
        ))}
      </ul>
      {waiting && !saysTime ? (
        <p className="mt-3 text-sm text-slate-800">
          {order.stateName}'s published processing time: <strong className="font-semibold">{order.processingTime}</strong>.
        </p>
      ) : null}
      {waiting && order.status === 'submitted' ? (
        <p className="mt-2 text-sm text-slate-600">We file within 1-2 business days of receiving your complete filing details.</p>
      ) : null}
      {waiting ? <StateDataCredit className="mt-3 text-xs text-slate-600" /> : null}
    </>
  );
}

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

function OrderContent({ order }: { order: OrderView }) {
  return (
    <>
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">Your order</p>
        <h1 className="mt-1 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{order.businessName || 'Your LLC'}</h1>
        <p className="mt-1 break-words text-sm text-slate-600">
          {order.stateName} LLC · order {order.id.slice(0, 8)} · updates go to {order.email}
        </p>
      </header>
      <Section title="Progress" id="order-progress" className="mt-6">
        <OrderTimeline steps={order.timeline} />
      </Section>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
          <Section title="What happens next" id="order-next">
            <NextSteps order={order} />
          </Section>
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
          <Section title="Filing details" id="order-details">
            <FilingDetails order={order} />
          </Section>
          <Section title="Messages and change requests" id="order-conversation">
            <Conversation id={order.id} email={order.email} />
          </Section>
        </div>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
          <Section title="Receipt" id="order-receipt">
            {order.receipt ? <Receipt receipt={order.receipt} /> : <p className="text-sm text-slate-600">No payment is recorded for this order yet.</p>}
          </Section>
          <Section title="Documents" id="order-documents">
            <DocumentsList orderId={order.id} documents={order.documents} />
          </Section>
        </div>
      </div>
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
    </>
  );
}

/**
 * /orders/{id}: the customer's order page (docs/product.md section 10), opened by the browser
 * that placed the order (its resume secret) or from any of our emails (a signed link).
 */
export default function OrderPage() {
  usePageMeta({ title: 'Your order | CreatorLLC', description: 'Where your LLC filing is, your receipt and the details the state needs.' });
  const { id = '' } = useParams();
  const access = useOrderAccess(id);
  const order = useOrder(id, access.state === 'ready');
  const unknown = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      {/* At least a screen tall: the tall footer starts below the fold while the order loads,
          instead of showing and then jumping away when the order's sections arrive (layout shift). */}
      <main className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {access.state === 'opening' || order.isPending ? (
          <p role="status" className="text-center text-slate-600">
            Opening your order…
          </p>
        ) : unknown ? (
          <LinkOffer id={id} expired={access.state === 'ready' && access.linkExpired} />
        ) : order.error ? (
          <Card role="alert" className="mx-auto max-w-xl text-center">
            <h1 className="text-2xl font-bold text-slate-900">We could not load your order</h1>
            <p className="mt-2 text-slate-600">Please try again in a moment.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button onClick={() => void order.refetch()}>Try again</Button>
              <ButtonLink to={paths.contact} variant="secondary">
                Contact us
              </ButtonLink>
            </div>
          </Card>
        ) : (
          <OrderContent order={order.data} />
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
