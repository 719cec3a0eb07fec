/**
 * Every page of the site (docs/product.md section 2): the route patterns routes.tsx declares, and
 * typed builders for links and redirects. No component spells a page path itself.
 */

/** The query value that pre-selects the wizard's filing state (`/wizard/1?state=TX`): links build it with `paths.wizard`. */
export const WIZARD_STATE_QUERY = 'state';
export const PAGE_PATTERNS = {
  home: '/',
  wizard: '/wizard',
  wizardStep: '/wizard/:step',
  checkout: '/checkout',
  success: '/success',
  pricing: '/pricing',
  taxPlan: '/tax-plan',
  contact: '/contact',
  order: '/orders/:id',
  orderTaxPlan: '/orders/:id/tax-plan',
  orderEmailChange: '/orders/:id/email-change',
  findOrder: '/find-order',
  remindersUnsubscribe: '/reminders/unsubscribe',
  staffLogin: '/staff/login',
  staffDashboard: '/staff',
  contentEditor: '/content-editor',
  staffAccept: '/staff/accept',
  staffAccount: '/staff/account',
  staffPeople: '/staff/people',
  staffAudit: '/staff/audit',
  staffSettings: '/staff/settings',
  staffOrderDetails: '/staff/orders/:id/details',
  terms: '/terms',
  privacy: '/privacy',
  refundPolicy: '/refund-policy',
  notFound: '*',
} as const;

/** Sections of the landing page that links scroll to. */
export type HomeSection = 'how-it-works' | 'faq';

/** Who returns to the success page (the `provider` query value). */
export type SuccessProvider = 'stripe' | 'klarna' | 'apple-pay' | 'amazon-pay';

/** Staff screens a sign-in may return to (`/staff/login?next=...`). */
const STAFF_RETURN_PATHS = [
  PAGE_PATTERNS.staffDashboard,
  PAGE_PATTERNS.contentEditor,
  PAGE_PATTERNS.staffAccount,
  PAGE_PATTERNS.staffPeople,
  PAGE_PATTERNS.staffAudit,
  PAGE_PATTERNS.staffSettings,
] as const;
export type StaffReturnPath = (typeof STAFF_RETURN_PATHS)[number];

/** The staff screen named by a `next` query value, when it is one (anything else is ignored). */
export function staffReturnPath(next: string | null | undefined): StaffReturnPath | undefined {
  return STAFF_RETURN_PATHS.find((p) => p === next);
}

/**
 * The `:name` parameters of `pathname` when it is a page of `pattern`, else undefined: the
 * router's matching (react-router's `matchPath`: letters in any case, an optional trailing slash,
 * parameters as written) for the patterns above without a `*`, for the app's entry, which runs before
 * the router has loaded (lib/order-first-read.ts). paths.test.ts holds it to `matchPath`.
 */
export function matchPage(pattern: string, pathname: string): Record<string, string> | undefined {
  if (!pathname.startsWith('/')) return undefined;
  const want = pattern.split('/').filter(Boolean);
  const got = pathname === '/' ? [] : pathname.replace(/\/$/, '').split('/').slice(1);
  if (want.length !== got.length || got.some((segment) => segment === '')) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = got[i];
    else if (segment.toLowerCase() !== got[i].toLowerCase()) return undefined;
  }
  return params;
}

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
  wizard: (opts: { state?: string } = {}) => withQuery(PAGE_PATTERNS.wizard, { [WIZARD_STATE_QUERY]: opts.state }),
  /** One wizard step; `search` keeps a query string as it is (e.g. `?state=NV` when /wizard forwards to step 1). */
  wizardStep: (step: number, opts: { state?: string; search?: string } = {}) => {
    const path = `${PAGE_PATTERNS.wizard}/${step}`;
    return opts.search ? `${path}${opts.search.startsWith('?') ? '' : '?'}${opts.search}` : withQuery(path, { [WIZARD_STATE_QUERY]: opts.state });
  },
  checkout: (applicationId?: string) => withQuery(PAGE_PATTERNS.checkout, { applicationId }),
  success: (provider: SuccessProvider, applicationId: string) => withQuery(PAGE_PATTERNS.success, { provider, applicationId }),
  pricing: PAGE_PATTERNS.pricing,
  taxPlan: PAGE_PATTERNS.taxPlan,
  contact: PAGE_PATTERNS.contact,
  /** The customer's order page (emails link here with `#access=<token>`, which only the page reads). */
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  /** The tax planner opened from an order: it starts from, and saves, the plan kept with the order. */
  orderTaxPlan: (id: string) => `/orders/${encodeURIComponent(id)}/tax-plan`,
  /** "Find my order": a link to each order placed with an email, sent to that email. */
  findOrder: PAGE_PATTERNS.findOrder,
  /** Where a deadline reminder's unsubscribe link lands (`#token=<signed token>`, which only the page reads). */
  remindersUnsubscribe: PAGE_PATTERNS.remindersUnsubscribe,
  staffLogin: PAGE_PATTERNS.staffLogin,
  /** The login page, returning to a staff screen after signing in. */
  staffLoginReturningTo: (next: StaffReturnPath) => withQuery(PAGE_PATTERNS.staffLogin, { next }),
  staffDashboard: PAGE_PATTERNS.staffDashboard,
  contentEditor: PAGE_PATTERNS.contentEditor,
  /** Where an invitation email's link lands (`#invite=<signed token>`, which only the page reads). */
  staffAccept: PAGE_PATTERNS.staffAccept,
  staffAccount: PAGE_PATTERNS.staffAccount,
  staffPeople: PAGE_PATTERNS.staffPeople,
  /** The audit trail, optionally filtered to one order (from the order's details). */
  staffAudit: (opts: { applicationId?: string } = {}) => withQuery(PAGE_PATTERNS.staffAudit, opts),
  staffSettings: PAGE_PATTERNS.staffSettings,
  /** Staff change a processing order's filing details (the customer's form, with a reason). */
  staffOrderDetails: (id: string) => `/staff/orders/${encodeURIComponent(id)}/details`,
  terms: PAGE_PATTERNS.terms,
  privacy: PAGE_PATTERNS.privacy,
  refundPolicy: PAGE_PATTERNS.refundPolicy,
} as const;
