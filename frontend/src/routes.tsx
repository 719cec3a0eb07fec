import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LandingPage } from './features/landing/LandingPage.tsx';
import { importWithParts } from './lib/import-parts.ts';
import { PAGE_PATTERNS } from './paths.ts';

/**
 * Every screen of the site (docs/product.md section 2), declared once at its path from ./paths.ts.
 * Only the landing page is in the first bundle; every other screen is a lazily loaded module.
 */
/**
 * A lazily loaded screen wrapped in the query client's provider. The screen and the query library
 * download in parallel; the landing page (eager) needs neither.
 *
 * `parts`: modules of the screen's own imports that are long to evaluate, imported beside it so
 * that each is evaluated in a task of its own (lib/import-parts.ts, docs/decisions/0447).
 */
export function screen(load: () => Promise<{ default: ComponentType }>, parts: readonly (() => Promise<unknown>)[] = []) {
  return lazy(() =>
    Promise.all([importWithParts(load, parts), import('./lib/QueryScope.tsx')]).then(([page, { QueryScope }]) => {
      const Page = page.default;
      return {
        default: () => (
          <QueryScope>
            <Page />
          </QueryScope>
        ),
      };
    }),
  );
}

/** The wizard's and the checkout's long parts, in the order they import each other. */
const ORDER_FORM_PARTS = [() => import('#shared/states.ts'), () => import('#shared/catalog/catalog.ts')] as const;

const PricingPage = screen(() => import('./features/pricing/PricingPage.tsx'));
const TaxPlanPage = screen(() => import('./features/tax-plan/TaxPlanPage.tsx'));
const WizardPage = screen(() => import('./features/wizard/WizardPage.tsx'), ORDER_FORM_PARTS);
const CheckoutPage = screen(() => import('./features/checkout/CheckoutPage.tsx'), ORDER_FORM_PARTS);
const SuccessPage = screen(() => import('./features/success/SuccessPage.tsx'));
const StaffLoginPage = screen(() => import('./features/staff/StaffLoginPage.tsx'));
const StaffDashboardPage = screen(() => import('./features/staff/StaffDashboardPage.tsx'));
const ContentEditorPage = screen(() => import('./features/content/ContentEditorPage.tsx'));
const ContactPage = screen(() => import('./features/contact/ContactPage.tsx'));
const OrderPage = screen(() => import('./features/order/OrderPage.tsx'));
const EmailChangeStopPage = screen(() => import('./features/order/EmailChangeStopPage.tsx'));
const FindOrderPage = screen(() => import('./features/order/FindOrderPage.tsx'));
const StaffDetailsEditPage = screen(() => import('./features/order/StaffDetailsEditPage.tsx'));
const UnsubscribePage = screen(() => import('./features/reminders/UnsubscribePage.tsx'));
const AcceptInvitationPage = screen(() => import('./features/staff/AcceptInvitationPage.tsx'));
const StaffAccountPage = screen(() => import('./features/staff/AccountPage.tsx'));
const StaffPeoplePage = screen(() => import('./features/staff/PeoplePage.tsx'));
const StaffAuditPage = screen(() => import('./features/staff/AuditPage.tsx'));
const StaffSettingsPage = screen(() => import('./features/staff/SettingsPage.tsx'));
const TermsPage = screen(() => import('./features/legal/TermsPage.tsx'));
const PrivacyPage = screen(() => import('./features/legal/PrivacyPage.tsx'));
const RefundPolicyPage = screen(() => import('./features/legal/RefundPolicyPage.tsx'));
const NotFoundPage = screen(() => import('./features/not-found/NotFoundPage.tsx'));

export const routes: RouteObject[] = [
  { path: PAGE_PATTERNS.home, element: <LandingPage /> },
  // The wizard redirects /wizard to /wizard/1 itself, keeping ?state=XX.
  { path: PAGE_PATTERNS.wizard, element: <WizardPage /> },
  { path: PAGE_PATTERNS.wizardStep, element: <WizardPage /> },
  { path: PAGE_PATTERNS.checkout, element: <CheckoutPage /> },
  { path: PAGE_PATTERNS.success, element: <SuccessPage /> },
  { path: PAGE_PATTERNS.pricing, element: <PricingPage /> },
  { path: PAGE_PATTERNS.taxPlan, element: <TaxPlanPage /> },
  { path: PAGE_PATTERNS.contact, element: <ContactPage /> },
  { path: PAGE_PATTERNS.order, element: <OrderPage /> },
  { path: PAGE_PATTERNS.orderTaxPlan, element: <TaxPlanPage /> },
  { path: PAGE_PATTERNS.orderEmailChange, element: <EmailChangeStopPage /> },
  { path: PAGE_PATTERNS.findOrder, element: <FindOrderPage /> },
  { path: PAGE_PATTERNS.remindersUnsubscribe, element: <UnsubscribePage /> },
  { path: PAGE_PATTERNS.staffLogin, element: <StaffLoginPage /> },
  { path: PAGE_PATTERNS.staffDashboard, element: <StaffDashboardPage /> },
  { path: PAGE_PATTERNS.contentEditor, element: <ContentEditorPage /> },
  { path: PAGE_PATTERNS.staffAccept, element: <AcceptInvitationPage /> },
  { path: PAGE_PATTERNS.staffAccount, element: <StaffAccountPage /> },
  { path: PAGE_PATTERNS.staffPeople, element: <StaffPeoplePage /> },
  { path: PAGE_PATTERNS.staffAudit, element: <StaffAuditPage /> },
  { path: PAGE_PATTERNS.staffSettings, element: <StaffSettingsPage /> },
  { path: PAGE_PATTERNS.staffOrderDetails, element: <StaffDetailsEditPage /> },
  { path: PAGE_PATTERNS.terms, element: <TermsPage /> },
  { path: PAGE_PATTERNS.privacy, element: <PrivacyPage /> },
  { path: PAGE_PATTERNS.refundPolicy, element: <RefundPolicyPage /> },
  { path: PAGE_PATTERNS.notFound, element: <NotFoundPage /> },
];
