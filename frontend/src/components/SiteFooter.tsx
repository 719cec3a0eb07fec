import { Link } from 'react-router-dom';
import { FOOTER_TEXTS } from '#shared/content/texts/footer.ts';
import { formatAddress, SOCIAL_NETWORKS, type SocialNetwork } from '#shared/operator/facts.ts';
import { DATASET_LICENSE_URL, DATASET_URL } from '../lib/dataset.ts';
import { useOperatorSettings } from '../lib/operator.ts';
import { paths } from '../paths.ts';
import { Logo } from './Logo.tsx';
import { makeSiteText } from './SiteText.tsx';

/** docs/product.md "Landing page": the copyright line carries the year 2024. */
export const COPYRIGHT_YEAR = 2024;
export { DATASET_LICENSE_URL, DATASET_URL };

/** The footer's editable texts (page 'footer' of the site-text registry). */
const FooterText = makeSiteText('footer', FOOTER_TEXTS);

const LINK = 'text-sm text-slate-300 hover:text-white';

const SOCIAL_ICONS: Record<SocialNetwork, string> = {
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01',
  tiktok: 'M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.5 4.5 5 4.5',
  youtube: 'M3 8.5c0-2 1.5-3.5 3.5-3.5h11c2 0 3.5 1.5 3.5 3.5v7c0 2-1.5 3.5-3.5 3.5h-11C4.5 19 3 17.5 3 15.5zM10 9v6l5-3z',
  x: 'M4 4l16 16M20 4L4 20',
};

/**
 * The site footer (docs/product.md "Landing page"): wizard and pricing links, FAQ, Contact, the
 * legal pages, the copyright line, the pricing data credit and the no-advice disclaimer. Who runs
 * the site, Live Chat and the social profiles come from the operator's settings, and appear only
 * when set.
 */
export function SiteFooter() {
  const operator = useOperatorSettings();
  const social = (Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]).filter((k) => operator?.socialLinks[k]);
  return (
    <footer className="bg-slate-900 px-4 text-slate-300 sm:px-6">
      <div className="mx-auto max-w-6xl py-12">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2 lg:col-span-1">
            <Link to={paths.home} aria-label="CreatorLLC home" className="inline-block rounded-lg bg-white px-3 py-2">
              <Logo />
            </Link>
            <p className="mt-4 max-w-xs text-sm text-slate-300">
              <FooterText k="tagline" />
            </p>
            {social.length ? (
              <ul className="mt-4 flex gap-2" aria-label="Social media">
                {social.map((k) => (
                  <li key={k}>
                    <a
                      href={operator?.socialLinks[k]}
                      rel="noopener noreferrer"
                      className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white"
                    >
                      <svg
                        viewBox="0 0 24 24"
                        className="h-5 w-5"
                        aria-hidden="true"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.8"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      >
                        <path d={SOCIAL_ICONS[k]} />
                      </svg>
                      <span className="sr-only">{SOCIAL_NETWORKS[k]}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <nav aria-label="Get started">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Get started</h2>
            <ul className="mt-4 space-y-3">
              <li>
                <Link to={paths.wizard()} className={LINK}>
                  Form Your LLC
                </Link>
              </li>
              <li>
                <Link to={paths.pricing} className={LINK}>
                  State Pricing
                </Link>
              </li>
              <li>
                <Link to={paths.homeSection('how-it-works')} className={LINK}>
                  How It Works
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Support">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Support</h2>
            <ul className="mt-4 space-y-3">
              <li>
                <Link to={paths.homeSection('faq')} className={LINK}>
                  FAQ
                </Link>
              </li>
              <li>
                <Link to={paths.contact} className={LINK}>
                  Contact
                </Link>
              </li>
              <li>
                <Link to={paths.findOrder} className={LINK}>
                  Find My Order
                </Link>
              </li>
              {operator?.liveChatUrl ? (
                <li>
                  <a href={operator.liveChatUrl} rel="noopener noreferrer" className={LINK}>
                    Live Chat
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
          <nav aria-label="Legal">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Legal</h2>
            <ul className="mt-4 space-y-3">
              <li>
                <Link to={paths.privacy} className={LINK}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to={paths.terms} className={LINK}>
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link to={paths.refundPolicy} className={LINK}>
                  Refund Policy
                </Link>
              </li>
            </ul>
          </nav>
        </div>

        <div className="mt-10 space-y-3 border-t border-slate-800 pt-6 text-xs text-slate-400">
          <p>
            <FooterText k="disclaimer" />
          </p>
          <p>
            State fee and processing-time data:{' '}
            <a href={DATASET_URL} className="underline underline-offset-2 hover:text-white" rel="noopener noreferrer">
              US LLC State Requirements Dataset
            </a>
            , StartupSole LLC (
            <a href={DATASET_LICENSE_URL} className="underline underline-offset-2 hover:text-white" rel="noopener noreferrer">
              CC BY 4.0
            </a>
            ).
          </p>
          {operator?.legalName ? (
            <p data-testid="footer-operator">
              CreatorLLC is run by {operator.legalName}
              {operator.address ? `, ${formatAddress(operator.address)}` : ''}.
              {operator.supportEmail ? (
                <>
                  {' '}
                  <a href={`mailto:${operator.supportEmail}`} className="underline underline-offset-2 hover:text-white">
                    {operator.supportEmail}
                  </a>
                </>
              ) : null}
              {operator.supportPhone ? ` · ${operator.supportPhone}` : ''}
            </p>
          ) : null}
          <p>
            © {COPYRIGHT_YEAR} {operator?.legalName ?? 'CreatorLLC'}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
