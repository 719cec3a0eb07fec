import { WIZARD_TEXTS } from '#shared/content/texts/wizard.ts';
import { makeSiteText } from '../../components/SiteText.tsx';

/** The wizard's editable texts (page 'wizard' of the site-text registry). */
const Text = makeSiteText('wizard', WIZARD_TEXTS);

/**
 * A step's heading and introduction. The heading takes focus when the step changes (WizardPage),
 * so screen readers announce the new step: it is focusable by script only.
 */
export function StepHeading({ id, step }: { id: string; step: 1 | 2 | 3 | 4 }) {
  return (
    <>
      <h1 id={id} tabIndex={-1} data-step-heading className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
        <Text k={`step${step}.title`} />
      </h1>
      <p className="mt-2 text-slate-600">
        <Text k={`step${step}.subtitle`} />
      </p>
    </>
  );
}
