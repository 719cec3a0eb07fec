/**
 * Every page of the site (docs/product.md section 2): the route patterns routes.tsx declares, and
 * typed builders for links and redirects. No component spells a page path itself.
 */
export const PAGE_PATTERNS = {
  home: '/',
  wizard: '/wizard',
  wizardStep: '/wizard/:step',
  checkout: '/checkout',
  success: '/success',
  pricing: '/pricing',
  contact: '/contact',
  staffLogin: '/staff/login',
  staffDashboard: '/staff',
  contentEditor: '/content-editor',
  notFound: '*',
} as const;

/** Sections of the landing page that links scroll to. */
export type HomeSection = 'how-it-works' | 'faq';

/** Who returns to the success page (the `provider` query value). */
export type SuccessProvider = 'stripe' | 'klarna' | 'apple-pay' | 'amazon-pay';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) q.set(name, value);
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

export const paths = {
  home: PAGE_PATTERNS.home,
  homeSection: (section: HomeSection) => `${PAGE_PATTERNS.home}#${section}`,
  /** The wizard's entry (it continues at the step the visitor reached); `state` pre-selects the filing state. */
  wizard: (opts: { state?: string } = {}) => withQuery(PAGE_PATTERNS.wizard, opts),
  /** One wizard step; `search` keeps a query string as it is (e.g. `?state=NV` when /wizard forwards to step 1). */
  wizardStep: (step: number, opts: { state?: string; search?: string } = {}) => {
    const path = `${PAGE_PATTERNS.wizard}/${step}`;
    return opts.search ? `${path}${opts.search.startsWith('?') ? '' : '?'}${opts.search}` : withQuery(path, { state: opts.state });
  },
  checkout: (applicationId?: string) => withQuery(PAGE_PATTERNS.checkout, { applicationId }),
  success: (provider: SuccessProvider, applicationId: string) => withQuery(PAGE_PATTERNS.success, { provider, applicationId }),
  pricing: PAGE_PATTERNS.pricing,
  contact: PAGE_PATTERNS.contact,
  staffLogin: PAGE_PATTERNS.staffLogin,
  staffDashboard: PAGE_PATTERNS.staffDashboard,
  contentEditor: PAGE_PATTERNS.contentEditor,
} as const;
