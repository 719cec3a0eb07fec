import { Link } from 'react-router-dom';
import { LANDING_BELOW_FOLD_TEXTS } from '#shared/content/texts/landing-below-fold.ts';
import { WIZARD_TEXTS } from '#shared/content/texts/wizard.ts';
import { paths } from '../paths.ts';
import { makeSiteText } from './SiteText.tsx';

const LandingText = makeSiteText('landing', LANDING_BELOW_FOLD_TEXTS);
const WizardText = makeSiteText('wizard', WIZARD_TEXTS);

/**
 * What an LLC does and does not change for tax, beside every savings calculator (the content
 * editor's landing calculator.llcTax and wizard step3.llcTax), with a link to the S-corporation
 * planner. The calculator's own rule stays as specified; this paragraph keeps it honest.
 */
export function LlcTaxNote({ page }: { page: 'landing' | 'wizard' }) {
  return (
    <p className="mt-4 text-sm text-slate-700" data-testid="llc-tax-note">
      {page === 'landing' ? <LandingText k="calculator.llcTax" /> : <WizardText k="step3.llcTax" />}{' '}
      <Link to={paths.taxPlan} className="font-semibold text-indigo-700 underline underline-offset-2">
        See when an S-corporation pays for you
      </Link>
    </p>
  );
}
