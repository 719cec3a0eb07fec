import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { formatUsd } from '#shared/money.ts';
import { agentPromise } from '#shared/operator/facts.ts';
import { estimatedSavingsFor, NOT_ADVICE_TEXT, SAVINGS_RULE_TEXT } from '#shared/savings.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { CheckIcon } from '../../components/CheckIcon.tsx';
import { LlcTaxNote } from '../../components/LlcTaxNote.tsx';
import { SavingsCalculator } from '../../components/SavingsCalculator.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { useOperatorSettings } from '../../lib/operator.ts';
import { useStates } from '../../lib/pricing-queries.ts';
import { paths } from '../../paths.ts';
import { BELOW_FOLD_COPY, EXAMPLE_SAVINGS, TESTIMONIALS } from './copy/below-fold.ts';
import { H2, makeCopy, SECTION } from './parts.tsx';
import { type PriceRange, priceRangeOf, STRUCTURED_DATA_ID } from './starting-price.ts';

const Copy = makeCopy(BELOW_FOLD_COPY);

/** A section's heading and introduction, both editable site texts. */
function SectionIntro({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <>
      <h2 id={id} className={H2}>
        <Copy k={title} />
      </h2>
      <p className="mt-4 text-lg text-slate-600">
        <Copy k={intro} />
      </p>
    </>
  );
}

/**
 * Keeps the JSON-LD offer in step with live pricing. index.html already carries it for the
 * bundled data; the serialiser is only downloaded when live figures differ.
 */
function useStructuredData(live: PriceRange | undefined, agentWhere: string | undefined) {
  const operator = useOperatorSettings();
  // The registered agent is promised only where the operator's offices are (docs/decisions/0415).
  const agent = agentWhere ?? '';
  useEffect(() => {
    if (!live) return;
    const el = document.getElementById(STRUCTURED_DATA_ID);
    if (el?.dataset.lowest === String(live.lowest) && el.dataset.highest === String(live.highest) && (el.dataset.agent ?? '') === agent) return;
    let cancelled = false;
    void import('./structured-data.ts').then(({ structuredDataJson }) => {
      if (cancelled) return;
      let script = document.getElementById(STRUCTURED_DATA_ID) as HTMLScriptElement | null;
      if (!script) {
        script = document.createElement('script');
        script.id = STRUCTURED_DATA_ID;
        script.type = 'application/ld+json';
        document.head.appendChild(script);
      }
      script.textContent = structuredDataJson(live, window.location.origin, agentPromise(operator));
      script.dataset.lowest = String(live.lowest);
      script.dataset.highest = String(live.highest);
      script.dataset.agent = agent;
    });
    return () => {
      cancelled = true;
    };
  }, [live?.lowest, live?.highest, agent, operator]);
}

/** Our registered agent's promise where the operator's offices allow one; nothing otherwise. */
function AgentPromiseLine({ className }: { className: string }) {
  const promise = agentPromise(useOperatorSettings());
  return promise ? (
    <p className={className} data-testid="agent-promise">
      {promise.sentence}
    </p>
  ) : null;
}

function KeyPoints() {
  return (
    <section id="key-points" aria-labelledby="key-points-title" className={`${SECTION} bg-slate-50`}>
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-2">
        <div>
          <SectionIntro id="key-points-title" title="keyPoints.title" intro="keyPoints.included" />
          <AgentPromiseLine className="mt-2 text-lg text-slate-600" />
          <ButtonLink to={paths.wizard()} size="lg" className="mt-8">
            Get Started Today
          </ButtonLink>
        </div>
        <ul className="space-y-4">
          {['keyPoints.point1', 'keyPoints.point2', 'keyPoints.point3', 'keyPoints.point4'].map((k) => (
            <li key={k} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <CheckIcon className="mt-0.5 h-6 w-6 text-indigo-600" />
              <span className="text-slate-800">
                <Copy k={k} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ExampleSavings() {
  const { annualIncome, annualExpenses } = EXAMPLE_SAVINGS;
  const taxable = annualIncome - annualExpenses;
  const savings = estimatedSavingsFor(annualExpenses, annualIncome);
  const figures = [
    { label: 'Annual income', value: formatUsd(annualIncome) },
    { label: 'Business expenses', value: `-${formatUsd(annualExpenses)}` },
    { label: 'Taxable income', value: formatUsd(taxable) },
    { label: 'Estimated tax savings', value: `~${formatUsd(savings)}` },
  ];
  return (
    <section id="example-savings" aria-labelledby="example-savings-title" className={SECTION}>
      <div className="mx-auto max-w-4xl rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 p-5 text-white shadow-xl min-[360px]:p-6 sm:p-12">
        <h2 id="example-savings-title" className="text-3xl font-bold tracking-tight">
          <Copy k="example.title" />
        </h2>
        <p className="mt-3 text-lg text-indigo-50">
          <Copy
            k="example.body"
            vars={{ income: formatUsd(annualIncome), expenses: formatUsd(annualExpenses), taxable: formatUsd(taxable), savings: formatUsd(savings) }}
          />
        </p>
        <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
          {figures.map((f) => (
            <div key={f.label} className="min-w-0 rounded-2xl bg-white/10 p-3 sm:p-4">
              <dt className="text-sm text-indigo-50">{f.label}</dt>
              <dd className="mt-1 text-base font-bold tabular-nums wrap-anywhere min-[360px]:text-lg min-[400px]:text-xl md:text-2xl">{f.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-indigo-100">
          {SAVINGS_RULE_TEXT} {NOT_ADVICE_TEXT}
        </p>
      </div>
    </section>
  );
}

function CalculatorSection() {
  return (
    <section id="calculator" aria-labelledby="calculator-title" className={`${SECTION} bg-slate-50`}>
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[1fr_1.4fr]">
        <div>
          <SectionIntro id="calculator-title" title="calculator.title" intro="calculator.subtitle" />
          <ul className="mt-6 space-y-3">
            {['calculator.category1', 'calculator.category2', 'calculator.category3', 'calculator.category4'].map((k) => (
              <li key={k} className="flex items-start gap-3 text-slate-800">
                <CheckIcon className="mt-0.5 h-5 w-5 text-emerald-600" />
                <Copy k={k} />
              </li>
            ))}
          </ul>
        </div>
        <SavingsCalculator heading="Tax Savings Calculator" ctaHref={paths.wizard()} />
        <LlcTaxNote page="landing" />
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className={SECTION}>
      <div className="mx-auto max-w-6xl">
        <div className="max-w-2xl">
          <SectionIntro id="testimonials-title" title="testimonials.title" intro="testimonials.subtitle" />
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.handle}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="flex-1 text-slate-700">
                  <p>
                    “<Copy k={t.quoteKey} />”
                  </p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 font-semibold text-white"
                  >
                    {t.initials}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">
                      {t.handle} · {t.followers}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ButtonLink to={paths.wizard()} size="lg">
            Join These Creators
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className={`${SECTION} bg-slate-50`}>
      <div className="mx-auto max-w-3xl">
        <h2 id="faq-title" className={H2}>
          <Copy k="faq.title" />
        </h2>
        <div className="mt-8 space-y-3">
          {[1, 2, 3].map((n) => (
            <details key={n} className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  <Copy k={`faq.q${n}`} />
                  <span aria-hidden="true" className="text-indigo-600 transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-slate-600">
                <Copy k={`faq.a${n}`} />
              </p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

function ClosingCta() {
  return (
    <section id="get-started" aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-4xl rounded-3xl bg-slate-900 px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          <Copy k="cta.title" />
        </h2>
        <p className="mt-3 text-lg text-slate-300">
          <Copy k="cta.subtitle" />
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.wizard()} size="lg" variant="light">
            Create my LLC now
          </ButtonLink>
          <ButtonLink to={paths.pricing} size="lg" className="border border-slate-600 bg-transparent hover:bg-slate-800">
            View Pricing
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/**
 * The landing page below the first view: Key Points, Example Savings, the calculator, testimonials, FAQ, the
 * closing call to action and the footer. Loaded as the visitor scrolls towards it, so the first
 * view downloads only what it shows.
 */
export default function LandingBelowFold() {
  const { hash } = useLocation();
  const { data: states } = useStates();
  const promise = agentPromise(useOperatorSettings());
  useStructuredData(priceRangeOf(states), promise?.where);
  // Arriving at "/#faq" (or another section of this part): scroll there now that it exists.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <KeyPoints />
      <ExampleSavings />
      <CalculatorSection />
      <Testimonials />
      <Faq />
      <ClosingCta />
    </>
  );
}

export { SiteFooter as LandingFooter };
