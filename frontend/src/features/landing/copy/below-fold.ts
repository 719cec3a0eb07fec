import { LANDING_BELOW_FOLD_TEXTS } from '#shared/content/texts/landing-below-fold.ts';

/** Landing texts below the first view: loaded with that part of the page. Defaults from the site-text registry. */
export const BELOW_FOLD_COPY: Record<keyof typeof LANDING_BELOW_FOLD_TEXTS, string> = LANDING_BELOW_FOLD_TEXTS;

/** The sample creators shown as testimonials (static sample content, docs/product.md "Landing page"). */
export const TESTIMONIALS = [
  { name: 'Maya Chen', handle: '@mayacreates', followers: '124K followers', quoteKey: 'testimonials.quote1', initials: 'MC' },
  { name: 'Jordan Ellis', handle: '@jordanwanders', followers: '58K followers', quoteKey: 'testimonials.quote2', initials: 'JE' },
  { name: 'Priya Raman', handle: '@priyafitlife', followers: '9.8K followers', quoteKey: 'testimonials.quote3', initials: 'PR' },
] as const;

/** The Example Savings box inputs (docs/product.md section 9); the results are computed from them. */
export const EXAMPLE_SAVINGS = { annualIncome: 120_000, annualExpenses: 25_000 } as const;
