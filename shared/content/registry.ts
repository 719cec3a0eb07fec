import { FOOTER_TEXTS } from './texts/footer.ts';
import { LANDING_BELOW_FOLD_TEXTS } from './texts/landing-below-fold.ts';
import { LANDING_FIRST_VIEW_TEXTS } from './texts/landing-first-view.ts';
import { PRICING_TEXTS } from './texts/pricing.ts';
import { SUCCESS_TEXTS } from './texts/success.ts';
import { WIZARD_TEXTS } from './texts/wizard.ts';

/**
 * The one registry of the site's editable texts (docs/product.md "Content editor"): every
 * (page, section) a screen reads through useSiteText, with its built-in default and where it
 * appears. The content editor offers exactly these, and the content schema refuses any other
 * place (./content-item.schema.ts), in the browser and on the server.
 *
 * The defaults live in ./texts/, one module per part of the site, so a screen bundles only its own.
 */

export const SITE_TEXT_PAGES = {
  landing: 'Landing page (/)',
  pricing: 'Pricing page (/pricing)',
  wizard: 'Wizard (/wizard)',
  success: 'Payment confirmation (/success)',
  footer: 'Site footer (every public page)',
} as const;
export type SiteTextPage = keyof typeof SITE_TEXT_PAGES;

export interface SiteText {
  page: SiteTextPage;
  section: string;
  /** The built-in text, shown while no content item exists for the place. */
  default: string;
  /** Where the text appears, for the content editor. */
  where: string;
}

/** Where each group of sections (the part before the first dot) appears on its page. */
const AREAS: Record<SiteTextPage, Record<string, string>> = {
  landing: {
    hero: 'the hero at the top of the page',
    howItWorks: 'the "How it works" section',
    keyPoints: 'the "Why creators form an LLC" section',
    example: 'the example savings box',
    calculator: 'the calculator section',
    testimonials: 'the testimonials section',
    faq: 'the frequently asked questions',
    cta: 'the closing call to action above the footer',
  },
  pricing: {
    hero: 'the heading at the top of the page',
    examples: 'the example prices table',
    included: 'the "What\'s included" list',
    addOns: 'the optional add-ons list',
  },
  wizard: {
    step1: 'step 1, Basic Info (/wizard/1)',
    step2: 'step 2, Creator Profile (/wizard/2)',
    step3: 'step 3, Business Setup (/wizard/3)',
    step4: 'step 4, Review & File (/wizard/4)',
  },
  success: {
    paid: 'the confirmation once the payment is recorded',
    next: 'the "What happens next" list',
  },
  footer: {
    tagline: 'under the logo',
    disclaimer: 'the no-advice disclaimer at the bottom',
  },
};

const KIND: Record<string, string> = {
  title: 'heading',
  subtitle: 'introduction',
  eyebrow: 'label above the heading',
  priceNote: 'price line under the buttons ({price} is the starting price)',
  body: 'text',
  included: 'introduction',
};

function describe(page: SiteTextPage, section: string): string {
  const parts = section.split('.');
  const area = AREAS[page][parts[0]] ?? parts[0];
  const last = parts.at(-1) ?? '';
  const kind = parts.length > 1 ? (KIND[last] ?? last.replace(/(\d+)$/, ' $1')) : '';
  return `${SITE_TEXT_PAGES[page]}: ${area}${kind ? `, ${kind}` : ''}`;
}

function entries(page: SiteTextPage, texts: Record<string, string>): SiteText[] {
  return Object.entries(texts).map(([section, text]) => ({ page, section, default: text, where: describe(page, section) }));
}

/** Every editable text, in page order. */
export const SITE_TEXTS: readonly SiteText[] = [
  ...entries('landing', { ...LANDING_FIRST_VIEW_TEXTS, ...LANDING_BELOW_FOLD_TEXTS }),
  ...entries('pricing', PRICING_TEXTS),
  ...entries('wizard', WIZARD_TEXTS),
  ...entries('success', SUCCESS_TEXTS),
  ...entries('footer', FOOTER_TEXTS),
];

const byPlace = new Map(SITE_TEXTS.map((t) => [`${t.page}#${t.section}`, t]));

/** The registered text of (page, section), undefined when the site reads no such text. */
export function findSiteText(page: string, section: string): SiteText | undefined {
  return byPlace.get(`${page}#${section}`);
}

export function isSiteTextPage(page: string): page is SiteTextPage {
  return Object.hasOwn(SITE_TEXT_PAGES, page);
}

/** The registered texts of one page. */
export function siteTextsOf(page: SiteTextPage): SiteText[] {
  return SITE_TEXTS.filter((t) => t.page === page);
}
