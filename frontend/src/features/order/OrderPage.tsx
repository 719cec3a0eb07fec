import { lazy, memo, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { hydratedLater } from '../../components/HydratedLater.tsx';
import { NoWrapText } from '../../components/NoWrap.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { StateDataCredit } from '../../components/StateDataCredit.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { useAfterFirstPaint, useShownInTransition } from '../../lib/after-paint.ts';
import { ApiError } from '../../lib/api.ts';
import { importWithParts } from '../../lib/import-parts.ts';
import { useOrderAccess } from '../../lib/link-access.ts';
import { useOrder } from '../../lib/order-queries.ts';
import { paths } from '../../paths.ts';
import { EmailChangeNotice } from './EmailChangeNotice.tsx';
import { LinkOffer } from './LinkOffer.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { Section } from './Section.tsx';

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
            <span>
              <NoWrapText text={s} />
            </span>
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

/**
 * The sections' long parts: the state data, the catalog and the filing details' schemas, each
 * evaluated in a task of its own before the sections (lib/import-parts.ts, docs/decisions/0448).
 */
const SECTION_PARTS = [
  () => import('#shared/states.ts'),
  () => import('#shared/state-facts/processing-times.ts'),
  () => import('#shared/name-patterns.ts'),
  () => import('#shared/catalog/catalog.ts'),
  () => import('#shared/filing/details.schema.ts'),
] as const;

/** The sections below the order's first screen, in a module of their own (OrderSections.tsx). */
const loadSections = () => importWithParts(() => import('./OrderSections.tsx'), SECTION_PARTS);
const MainSections = lazy(() => loadSections().then((m) => ({ default: m.MainSections })));
const SideSections = lazy(() => loadSections().then((m) => ({ default: m.SideSections })));
const TailSections = lazy(() => loadSections().then((m) => ({ default: m.TailSections })));

/**
 * The order: its heading, progress and next steps from this module, painted as soon as the order
 * is read. The other sections (forms, documents, calendar, payments, with the state data and
 * schemas they need) start loading once that paint is done, into places already laid out.
 */
const OrderContent = memo(function OrderContent({ order }: { order: OrderView }) {
  const rest = useAfterFirstPaint();
  return (
    <>
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">Your order</p>
        <h1 className="mt-1 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{order.businessName || 'Your LLC'}</h1>
        <p className="mt-1 break-words text-sm text-slate-600">
          {order.stateName} LLC · order {order.id.slice(0, 8)} · updates go to {order.email}
        </p>
      </header>
      {order.emailChange ? <EmailChangeNotice order={{ ...order, emailChange: order.emailChange }} /> : null}
      <Section title="Progress" id="order-progress" className="mt-6">
        <OrderTimeline steps={order.timeline} />
      </Section>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
          <Section title="What happens next" id="order-next">
            <NextSteps order={order} />
          </Section>
          {rest ? (
            <Suspense fallback={null}>
              <MainSections order={order} />
            </Suspense>
          ) : null}
        </div>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
          {rest ? (
            <Suspense fallback={null}>
              <SideSections order={order} />
            </Suspense>
          ) : null}
        </div>
      </div>
      {rest ? (
        <Suspense fallback={null}>
          <TailSections order={order} />
        </Suspense>
      ) : null}
    </>
  );
});

/**
 * The site's header and footer, hydrated after the page (components/HydratedLater.tsx): the
 * order's status renders from its read before React spends the phone's time on them, and they are
 * the served HTML, visible and unchanged, until then (docs/decisions/0449).
 */
const Header = hydratedLater(SiteHeader);
const Footer = hydratedLater(SiteFooter);

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
  // A browser whose access a change of the order's email address ended (docs/decisions/0409).
  const ended = order.error instanceof ApiError && order.error.code === 'access_ended';
  // The status line stays while the order's first render runs in slices.
  const shown = useShownInTransition(order.data);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <Header />
      {/* At least a screen tall: the tall footer starts below the fold while the order loads,
          instead of showing and then jumping away when the order's sections arrive (layout shift). */}
      <main className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {access.state === 'opening' || order.isPending || (!order.error && !shown) ? (
          <p role="status" className="text-center text-slate-600">
            Opening your order…
          </p>
        ) : unknown || ended ? (
          <LinkOffer id={id} reason={ended ? 'ended' : access.state === 'ready' ? access.linkProblem : undefined} />
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
          shown && <OrderContent order={shown} />
        )}
      </main>
      <Footer />
    </div>
  );
}
