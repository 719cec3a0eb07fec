import type { SiteTextPage } from '#shared/content/registry.ts';
import { PAGE_PATTERNS } from '../frontend/src/paths.ts';

/**
 * The pages prerendered to HTML (docs/decisions/0172): the public pages, the wizard's steps
 * (docs/decisions/0416), the checkout's first view, the staff sign-in and the legal pages
 * (docs/decisions/0392). Rendered at build (scripts/prerender.ts) and again, with the published
 * texts, whenever staff publish a text the page shows (site/publisher/publish.ts). Every other screen is the app shell, rendered in the
 * browser. One list for the build, the publisher, the local server and CloudFront.
 */

export interface PrerenderedPage {
  /** The address it answers, or the route pattern of the addresses (`/orders/:id`: one frame for every order). */
  path: string;
  /** Its file in the site (frontend/dist locally, the site bucket on AWS). */
  file: string;
  /** The address it is rendered at (the not-found page at an address no route knows). */
  renderPath: string;
  /** The site-text pages (shared/content/registry.ts) whose texts it shows: publishing one of them re-renders it. */
  textPages: readonly SiteTextPage[];
  /** Carries every state's pricing (GET /api/states) for its first render. */
  carriesStates: boolean;
  /**
   * Carries the operator's settings (GET /api/operator-settings) for its first render: it names
   * the operator, so saving the settings re-renders it (site/publisher/publish.ts).
   */
  carriesOperator: boolean;
  /** Has a canonical address (the not-found page has none). */
  canonical: boolean;
  /** HTTP status it is served with. */
  status: 200 | 404;
  /**
   * The screen module whose code it preloads beside the app's entry (frontend/vite.config.ts
   * `SCREEN_PRELOADS`): a frame the app fills at once (the order page, the wizard's steps, the
   * checkout) gains a round trip by not waiting for the entry to ask for its screen, and the app's
   * loader finds the links already there instead of adding them before the first tap
   * (docs/decisions/0439). The other pages paint from their HTML and preload nothing.
   */
  preloads?: string;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    path: '/',
    file: 'index.html',
    renderPath: '/',
    textPages: ['landing', 'footer'],
    carriesStates: true,
    carriesOperator: true,
    canonical: true,
    status: 200,
  },
  {
    path: '/pricing',
    file: 'pricing.html',
    renderPath: '/pricing',
    textPages: ['pricing', 'footer'],
    carriesStates: true,
    carriesOperator: true,
    canonical: true,
    status: 200,
  },
  // Its frame: the heading, the progress and the form's skeleton; the app renders the fields
  // (WizardPage), from what this browser saved and the address's ?state=.
  {
    path: '/wizard/1',
    file: 'wizard.html',
    renderPath: '/wizard/1',
    textPages: ['wizard', 'footer'],
    carriesStates: true,
    carriesOperator: false,
    canonical: true,
    status: 200,
    preloads: PAGE_PATTERNS.wizardStep,
  },
  // The later steps' frames (docs/decisions/0416): the heading, the progress and the step's
  // skeleton, the same for everyone; the app renders the answers this browser saved (or sends a
  // browser without them to the step it has reached). Not for search engines: no canonical.
  ...([2, 3, 4] as const).map(
    (step): PrerenderedPage => ({
      path: `/wizard/${step}`,
      file: `wizard-${step}.html`,
      renderPath: `/wizard/${step}`,
      textPages: ['wizard', 'footer'],
      carriesStates: false,
      carriesOperator: false,
      canonical: false,
      status: 200,
      preloads: PAGE_PATTERNS.wizardStep,
    }),
  ),
  // Its frame: the heading and the order's skeleton (CheckoutPage reads the saved application only after hydration).
  {
    path: '/checkout',
    file: 'checkout.html',
    renderPath: '/checkout',
    textPages: ['footer'],
    carriesStates: false,
    carriesOperator: false,
    canonical: true,
    status: 200,
    preloads: PAGE_PATTERNS.checkout,
  },
  // The legal pages (one LegalPage frame) name the operator from its settings: rendered with them,
  // the same for every visitor, so the first paint already says who "we" are.
  {
    path: '/terms',
    file: 'terms.html',
    renderPath: '/terms',
    textPages: ['footer'],
    carriesStates: false,
    carriesOperator: true,
    canonical: true,
    status: 200,
  },
  {
    path: '/privacy',
    file: 'privacy.html',
    renderPath: '/privacy',
    textPages: ['footer'],
    carriesStates: false,
    carriesOperator: true,
    canonical: true,
    status: 200,
  },
  {
    path: '/refund-policy',
    file: 'refund-policy.html',
    renderPath: '/refund-policy',
    textPages: ['footer'],
    carriesStates: false,
    carriesOperator: true,
    canonical: true,
    status: 200,
  },
  // The order page's frame (docs/decisions/0393): the header, the order's skeleton and the footer,
  // the same for every order and visitor; the app reads the visitor's order and renders it. Never
  // the order itself: it is someone's own.
  {
    path: '/orders/:id',
    file: 'order.html',
    renderPath: '/orders/order',
    textPages: ['footer'],
    carriesStates: false,
    carriesOperator: false,
    canonical: false,
    status: 200,
    preloads: PAGE_PATTERNS.order,
  },
  // The staff sign-in's frame (docs/decisions/0416): its heading and the form's skeleton; the app
  // renders the form, or sends a signed-in browser on. Kept from crawlers by robots.txt (/staff).
  {
    path: '/staff/login',
    file: 'staff-login.html',
    renderPath: '/staff/login',
    textPages: [],
    carriesStates: false,
    carriesOperator: false,
    canonical: false,
    status: 200,
  },
  {
    path: '/404',
    file: '404.html',
    renderPath: '/page-not-found',
    textPages: ['footer'],
    carriesStates: false,
    carriesOperator: false,
    canonical: false,
    status: 404,
  },
];

/** The app shell: the built index.html as Vite wrote it, for every screen rendered in the browser. */
export const APP_SHELL_FILE = 'app.html';

export const NOT_FOUND_PAGE = PRERENDERED_PAGES.find((p) => p.status === 404) as PrerenderedPage;

/** The prerendered pages that name the operator: saving its settings re-renders them. */
export function pagesNamingOperator(): PrerenderedPage[] {
  return PRERENDERED_PAGES.filter((p) => p.carriesOperator);
}

/** The prerendered pages that show a text of `page` (a site-text page of shared/content/registry.ts). */
export function pagesShowing(page: string): PrerenderedPage[] {
  return PRERENDERED_PAGES.filter((p) => p.textPages.includes(page as SiteTextPage));
}

/**
 * The file that answers a site address (not /api, not a file under /assets): a prerendered page,
 * the app shell for a screen of the SPA (`appRoutes`: the route patterns of frontend/src/paths.ts),
 * or the not-found page with a 404.
 */
export function siteFileFor(pathname: string, appRoutes: readonly RegExp[]): { file: string; status: 200 | 404 } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PRERENDERED_PAGES.find((p) => p.status === 200 && (p.path === path || (isPattern(p) && routePattern(p.path).test(path))));
  if (page) return { file: page.file, status: 200 };
  if (appRoutes.some((r) => r.test(path))) return { file: APP_SHELL_FILE, status: 200 };
  return { file: NOT_FOUND_PAGE.file, status: 404 };
}

/** Whether the page answers a route pattern (every order's address) rather than one address. */
export const isPattern = (page: PrerenderedPage) => page.path.includes('/:');

/** The addresses a CDN invalidation names for the page: its address, or every address under its pattern's prefix. */
export function invalidationPath(page: PrerenderedPage): string {
  return isPattern(page) ? `${page.path.slice(0, page.path.indexOf('/:'))}/*` : page.path;
}

/** A route pattern of the SPA (`/orders/:id`, `/wizard/:step`) as a regular expression over whole paths. */
export function routePattern(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
