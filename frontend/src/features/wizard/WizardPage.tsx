import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { estimatedSavingsFor } from '#shared/savings.ts';
import { findState } from '#shared/states.ts';
import { WIZARD_STEPS, type WizardStep } from '#shared/wizard/options.ts';
import { FIELD_STEP, firstIncompleteStep, isValidEmail, savableFields, type WizardField } from '#shared/wizard/steps.ts';
import { ContinueLinkOffer } from '../../components/ContinueLinkOffer.tsx';
import { preloadThreeYearCost } from '../../components/LazyThreeYearCost.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { takeCalculatorHandoff } from '../../lib/calculator-handoff.ts';
import { toast } from '../../lib/toast.ts';
import { loadApplicationId, loadCurrentStep, startNewWizard } from '../../lib/wizard-storage.ts';
import { paths, WIZARD_STATE_QUERY } from '../../paths.ts';
import { BasicInfoStep, loadHomeStateComparison } from './BasicInfoStep.tsx';
import { BusinessSetupStep } from './BusinessSetupStep.tsx';
import { CreatorProfileStep } from './CreatorProfileStep.tsx';
import { continueLinkIn, openContinuedApplication } from './continued-application.ts';
import { firstStepOf, ServerBlocksStep, ServerFieldErrors, SHOWN_BESIDE_FIELD, serverFieldErrors } from './field-errors.ts';
import { setChosenState } from './filing-choice.ts';
import { ProgressIndicator } from './ProgressIndicator.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { useOrderLock } from './useOrderLock.ts';
import { autosaveBody, useWizard } from './useWizard.ts';
import { saveWizard, sendStage1Lead, sendStage2Lead, submitWizard } from './wizard-api.ts';

function parseStep(raw: string | undefined): WizardStep | undefined {
  const n = Number(raw);
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : undefined;
}

/** /wizard/{step}: the four-step formation wizard (docs/product.md section 2). */
export default function WizardPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, update, settle, resume, replace, serverErrors, markServerErrors } = useWizard();
  const lock = useOrderLock();
  // A paid order is read-only: nothing is saved from this screen any more.
  useEffect(() => {
    if (lock.locked) void settle();
  }, [lock.locked, settle]);
  const [submitting, setSubmitting] = useState(false);
  const step = parseStep(params.step);
  const label = WIZARD_STEPS.find((s) => s.step === step)?.label ?? 'Basic Info';
  usePageMeta({
    title: `${label} · Form your creator LLC`,
    description: 'Form your LLC in four steps: your details, your creator profile, your business name and a review.',
  });

  // On arrival: the landing calculator's figures are taken over; ?state=XX pre-selects the filing
  // state (the visitor's own choice, kept until they change it); /wizard/1 resumes a wizard left later on.
  // The filing state a link's ?state=XX names, when it names one (findState normalises the code).
  const queryState = findState(search.get(WIZARD_STATE_QUERY))?.code;
  // Until then the step is its frame (the step's skeleton: every step is prerendered): the first render, in the
  // prerendering and in the browser that hydrates it, is the same for every visitor
  // (docs/decisions/0195). A layout effect, so the fields are rendered from this browser's answers
  // and the query before the browser paints again: nobody sees another state's figures first.
  const [arrived, setArrived] = useState(false);
  const [resumeAt, setResumeAt] = useState<number>();
  const arriving = useRef(false);
  // An emailed "continue" link: the frame stays until the linked application is opened here.
  const [continued] = useState(() => (typeof window === 'undefined' ? undefined : continueLinkIn(window.location.search, window.location.hash)));
  useLayoutEffect(() => {
    if (arriving.current || !step || continued) return;
    arriving.current = true;
    const handoff = takeCalculatorHandoff();
    if (handoff) {
      const annual = Object.values(handoff.expenses).reduce((sum, n) => sum + (Number(n) || 0), 0) * 12;
      update({ annualIncome: handoff.income, monthlyExpenses: handoff.expenses, estimatedSavings: estimatedSavingsFor(annual, handoff.income) });
    }
    if (queryState) {
      setChosenState(queryState);
      update({ state: queryState });
    } else if (step === 1 && loadCurrentStep() > 1) {
      // The frame stays until the step left is shown.
      setResumeAt(Math.min(loadCurrentStep(), firstIncompleteStep(data)));
      return;
    }
    startTransition(() => setArrived(true));
  }, [queryState, step, data, update, continued]);
  const opening = useRef(false);
  useEffect(() => {
    if (!continued || opening.current) return;
    opening.current = true;
    // The token leaves the address bar and the history entry at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    openContinuedApplication(continued.applicationId, continued.token).then(
      (opened) => {
        replace(opened);
        setArrived(true);
        navigate(paths.wizardStep(firstIncompleteStep(opened)), { replace: true });
      },
      (err: unknown) => {
        const expired = err instanceof ApiError && err.code === 'link_expired';
        toast('Error', expired ? 'This link has expired. Ask for a new one with "Email me a link to continue".' : failureMessage(err), 'error');
        setArrived(true);
      },
    );
  }, [continued, replace, navigate]);
  // From a passive effect: on the first render the router listens only once the layout effects have run.
  useEffect(() => {
    if (resumeAt === undefined) return;
    setResumeAt(undefined);
    setArrived(true);
    navigate(paths.wizardStep(resumeAt), { replace: true });
  }, [resumeAt, navigate]);

  // The stored current step follows the screen shown.
  useEffect(() => {
    if (step && data.currentStep !== step) update({ currentStep: step });
  }, [step, data.currentStep, update]);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [step]);

  // The parts kept out of the first view (the three-year cost, the home-state comparison) are
  // fetched once the page has settled, so they are there when a visitor reaches them.
  useEffect(() => {
    const timer = setTimeout(() => {
      preloadThreeYearCost().catch(() => undefined);
      loadHomeStateComparison().catch(() => undefined);
    }, 3000);
    return () => clearTimeout(timer);
  }, []);

  // A new step: its heading takes focus, so screen readers announce it (not on the first screen shown).
  const shownStep = useRef(step);
  useEffect(() => {
    if (!step || shownStep.current === step) return;
    shownStep.current = step;
    document.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
  }, [step]);

  if (!step) return <Navigate to={paths.wizardStep(1, { search: location.search })} replace />;
  // Later steps need the earlier ones done (a bookmark or an old tab lands on the first gap): known
  // once this browser's answers are read, so the frame shows until then, as it was prerendered.
  const reachable = firstIncompleteStep(data);
  if (arrived && step > reachable) return <Navigate to={paths.wizardStep(reachable)} replace />;

  const go = (to: number) => navigate(paths.wizardStep(to));
  // The server's sentences about this step's answers that have no text field of their own.
  const stepServerErrors = Object.entries(serverErrors).filter(([field]) => FIELD_STEP[field as WizardField] === step);
  const otherServerErrors = stepServerErrors.filter(([field]) => !SHOWN_BESIDE_FIELD.has(field));

  /** The id the continue link names: what the wizard holds is saved first (a first save creates the application). */
  const savedApplicationId = async (): Promise<string> => {
    await settle();
    try {
      const body = autosaveBody(data);
      const saved = loadApplicationId();
      return body ? await saveWizard(body) : (saved ?? (await saveWizard(savableFields(data))));
    } finally {
      resume();
    }
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      await settle();
      const id = await submitWizard(data);
      toast('Application Complete!', 'Proceeding to secure payment...', 'success');
      // The application id and data stay: "Back to your application" shows the same one.
      setChosenState(undefined);
      replace({ ...data, completed: true });
      navigate(paths.checkout(id));
    } catch (err) {
      resume();
      setSubmitting(false);
      // Sentences about fields go beside those fields, on the step that shows them.
      const marked = serverFieldErrors(err);
      if (marked) {
        markServerErrors(marked);
        const where = firstStepOf(marked);
        if (where !== step) navigate(paths.wizardStep(where));
        return;
      }
      // The server's sentence when there is one; a network failure gets the generic text.
      const message = err instanceof ApiError ? err.serverError : undefined;
      toast('Error', message || 'Failed to submit your application. Please try again.', 'error');
    }
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <main className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <div className="mx-auto max-w-4xl">
          <ProgressIndicator current={step} />
          {lock.locked ? (
            <div role="status" className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5">
              <p className="font-semibold">This order is paid, so it can no longer be changed here.</p>
              <p className="mt-1">
                To ask for a change, use "Request a change" on{' '}
                <Link to={lock.applicationId ? paths.order(lock.applicationId) : paths.contact} className="font-medium underline">
                  your order page
                </Link>
                : our team updates the filing for you.
              </p>
              <button
                type="button"
                onClick={() => {
                  startNewWizard();
                  window.location.assign(paths.wizardStep(1));
                }}
                className="mt-3 rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-medium text-amber-950 hover:bg-amber-100"
              >
                Start another LLC
              </button>
            </div>
          ) : null}
          <ServerFieldErrors.Provider value={serverErrors}>
            <ServerBlocksStep.Provider value={stepServerErrors.length > 0}>
              <fieldset disabled={lock.locked} className="contents">
                <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
                  {otherServerErrors.length > 0 && (
                    <ul role="alert" className="mb-6 space-y-1 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800">
                      {otherServerErrors.map(([field, sentence]) => (
                        <li key={field}>{sentence}</li>
                      ))}
                    </ul>
                  )}
                  {step === 1 && <BasicInfoStep frame={!arrived} data={data} update={update} onNext={() => go(2)} onBack={() => undefined} />}
                  {step === 2 && (
                    <CreatorProfileStep
                      frame={!arrived}
                      data={data}
                      update={update}
                      onBack={() => go(1)}
                      onNext={() => {
                        sendStage1Lead(data);
                        go(3);
                      }}
                    />
                  )}
                  {step === 3 && (
                    <BusinessSetupStep
                      frame={!arrived}
                      data={data}
                      update={update}
                      onBack={() => go(2)}
                      onNext={() => {
                        sendStage2Lead(data);
                        go(4);
                      }}
                    />
                  )}
                  {step === 4 && <ReviewStep frame={!arrived} data={data} update={update} onBack={() => go(3)} onSubmit={submit} submitting={submitting} />}
                </div>
                {!lock.locked && arrived && isValidEmail(data.email) ? (
                  <div className="mt-6">
                    <ContinueLinkOffer key={data.email.trim()} applicationId={savedApplicationId} email={data.email.trim()} where="your application" />
                  </div>
                ) : null}
              </fieldset>
            </ServerBlocksStep.Provider>
          </ServerFieldErrors.Provider>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
