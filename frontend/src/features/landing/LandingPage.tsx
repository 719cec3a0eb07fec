import { lazy, type ReactNode, type RefObject, Suspense, use, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { formatUsd } from '#shared/money.ts';
import { agentPromise } from '#shared/operator/facts.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { CheckIcon } from '../../components/CheckIcon.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { useOperatorSettings } from '../../lib/operator.ts';
import { isPrerenderedPage } from '../../lib/page-data.ts';
import { useStates } from '../../lib/pricing-queries.ts';
import { paths } from '../../paths.ts';
import { FIRST_VIEW_COPY } from './copy/first-view.ts';
import { H2, makeCopy } from './parts.tsx';
import { bundledPriceRange, priceRangeOf } from './starting-price.ts';

const Copy = makeCopy(FIRST_VIEW_COPY);

function Hero({ price }: { price: string | undefined }) {
  // Our registered agent is promised only where the operator has offices (docs/decisions/0415).
  const promise = agentPromise(useOperatorSettings());
  return (
    <section id="hero" className="bg-gradient-to-b from-indigo-50 via-white to-white px-4 pt-10 pb-10 sm:px-6 sm:pt-16 sm:pb-12 lg:pt-20">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-800">
            <Copy k="hero.eyebrow" />
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            <Copy k="hero.title" />
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">
            <Copy k="hero.subtitle" />
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.wizard()} size="lg">
              Get Started
            </ButtonLink>
            <ButtonLink to={paths.pricing} size="lg" variant="secondary">
              View Pricing
            </ButtonLink>
          </div>
          <p className="mt-5 min-h-10 max-w-xl text-sm text-slate-600" data-testid="hero-price">
            {price && <Copy k="hero.priceNote" vars={{ price }} />}
            {price && promise ? ` ${promise.sentence}` : ''}
          </p>
        </div>
        <div aria-hidden="true" className="relative hidden lg:block">
          <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-indigo-200/60 to-violet-200/60 blur-2xl" />
          <div className="relative rounded-3xl border border-slate-200 bg-white p-6 shadow-xl">
            <div className="flex items-center justify-between">
              <p className="text-sm font-semibold text-slate-900">Your Creator LLC</p>
              <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800">Filed</span>
            </div>
            <ul className="mt-5 space-y-3 text-sm text-slate-700">
              {['Professional LLC filing', ...(promise ? [promise.short] : []), 'Tax savings calculator', 'Creator-focused setup'].map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <CheckIcon className="h-5 w-5 text-indigo-600" />
                  {item}
                </li>
              ))}
            </ul>
            <div className="mt-6 rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-600 p-4 text-white">
              <p className="text-xs uppercase tracking-wide text-indigo-100">Deductible this year</p>
              <p className="mt-1 text-2xl font-bold">Camera, travel, styling</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

const STEPS = [
  { n: 1, title: 'howItWorks.step1.title', body: 'howItWorks.step1.body' },
  { n: 2, title: 'howItWorks.step2.title', body: 'howItWorks.step2.body' },
  { n: 3, title: 'howItWorks.step3.title', body: 'howItWorks.step3.body' },
] as const;

/** "How it works" follows the hero in the first view, so no empty band reads as a page still loading. */
function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-20 px-4 pt-8 pb-16 sm:px-6 sm:pt-10 sm:pb-20">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-2xl">
          <h2 id="how-it-works-title" className={H2}>
            <Copy k="howItWorks.title" />
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            <Copy k="howItWorks.subtitle" />
          </p>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((s) => (
            <li key={s.n} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-indigo-600 text-lg font-bold text-white" aria-hidden="true">
                {s.n}
              </span>
              <h3 className="mt-4 text-xl font-semibold text-slate-900">
                <Copy k={s.title} />
              </h3>
              <p className="mt-2 text-slate-600">
                <Copy k={s.body} />
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const loadBelowFold = () => import('./LandingBelowFold.tsx');
const LandingBelowFold = lazy(loadBelowFold);
const LandingFooter = lazy(() => loadBelowFold().then((m) => ({ default: m.LandingFooter })));

/** Opens once, for the visit, when the part below the first view is first needed. */
interface Gate {
  promise: Promise<void>;
  opened: boolean;
  open(): void;
  listeners: Set<() => void>;
}
let belowFoldGate: Gate | undefined;
function gate(): Gate {
  if (!belowFoldGate) {
    let resolve: () => void = () => {};
    const g: Gate = { promise: new Promise<void>((r) => (resolve = r)), opened: false, open: () => {}, listeners: new Set() };
    g.open = () => {
      if (g.opened) return;
      g.opened = true;
      resolve();
      for (const l of g.listeners) l();
    };
    belowFoldGate = g;
  }
  return belowFoldGate;
}
const subscribeGate = (listener: () => void) => {
  gate().listeners.add(listener);
  return () => gate().listeners.delete(listener);
};

/**
 * The part below the first view is a separate chunk, rendered once it is needed. On the
 * prerendered page (whose HTML has the whole page, for readers without JavaScript and for
 * crawlers) it suspends until then, so React keeps the server's HTML as it is, neither hydrated
 * nor fetched: the first view downloads no more code than before. A page rendered in the browser
 * shows the fallback until then. The prerendering renders it at once.
 */
function WhenBelowFoldNeeded({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const opened = useSyncExternalStore(
    subscribeGate,
    () => gate().opened,
    () => true,
  );
  if (typeof window === 'undefined') return children;
  if (isPrerenderedPage()) {
    // Always read (once resolved it returns at once): React requires the same calls on every render.
    use(gate().promise);
    return children;
  }
  return opened ? children : fallback;
}

/**
 * Opens the gate when the sentinel (just below the first view) comes into view or has been
 * scrolled past (a jump to the calculator skips it), or when the address targets one of the
 * part's sections ("/#faq": the section is scrolled to once rendered). The chunk is fetched
 * early, at the visitor's first touch, scroll or pointer movement.
 */
function useBelowFold(marker: RefObject<HTMLElement | null>): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    gate().open();
    document.getElementById(id)?.scrollIntoView();
  }, [hash]);
  useEffect(() => {
    const el = marker.current;
    if (gate().opened || !el) return;
    if (typeof IntersectionObserver === 'undefined') return gate().open();
    // Reached: in view, or above it (scrolled past, perhaps before the page was hydrated).
    const reached = () => {
      if (el.getBoundingClientRect().top >= window.innerHeight) return false;
      gate().open();
      return true;
    };
    if (reached()) return;
    const observer = new IntersectionObserver(reached);
    observer.observe(el);
    const events = ['pointermove', 'pointerdown', 'keydown', 'scroll'];
    const prefetch = () => {
      for (const e of events) window.removeEventListener(e, prefetch);
      void loadBelowFold();
    };
    for (const e of events) window.addEventListener(e, prefetch, { passive: true });
    window.addEventListener('scroll', reached, { passive: true });
    return () => {
      observer.disconnect();
      for (const e of events) window.removeEventListener(e, prefetch);
      window.removeEventListener('scroll', reached);
    };
  }, [marker]);
}

/** The landing page (docs/product.md "Landing page"), eagerly loaded: every other screen is a lazy module. */
export function LandingPage() {
  // The same values as index.html (which crawlers read); restored when coming back from another screen.
  usePageMeta({
    title: 'CreatorLLC: Form your LLC as a content creator',
    description: 'Form an LLC built for content creators and influencers: professional state filing and a tax savings calculator.',
  });
  const marker = useRef<HTMLDivElement>(null);
  useBelowFold(marker);
  const { data: states } = useStates();
  const range = priceRangeOf(states) ?? bundledPriceRange();
  const price = range ? formatUsd(range.lowest) : undefined;
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Hero price={price} />
        <HowItWorks />
        <div ref={marker} aria-hidden="true" />
        <Suspense fallback={<div className="min-h-screen" />}>
          <WhenBelowFoldNeeded fallback={<div className="min-h-screen" />}>
            <LandingBelowFold />
          </WhenBelowFoldNeeded>
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <WhenBelowFoldNeeded fallback={null}>
          <LandingFooter />
        </WhenBelowFoldNeeded>
      </Suspense>
    </>
  );
}
