import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LandingPage } from './features/landing/LandingPage.tsx';

/**
 * Every screen of the site (SPEC section 2), declared once. Only the landing page is in the
 * first bundle; every other screen is a lazily loaded module.
 */
const PricingPage = lazy(() => import('./features/pricing/PricingPage.tsx'));
const WizardPage = lazy(() => import('./features/wizard/WizardPage.tsx'));
const CheckoutPage = lazy(() => import('./features/checkout/CheckoutPage.tsx'));
const SuccessPage = lazy(() => import('./features/success/SuccessPage.tsx'));
const StaffLoginPage = lazy(() => import('./features/staff/StaffLoginPage.tsx'));
const StaffDashboardPage = lazy(() => import('./features/staff/StaffDashboardPage.tsx'));
const ContentEditorPage = lazy(() => import('./features/content/ContentEditorPage.tsx'));
const ContactPage = lazy(() => import('./features/contact/ContactPage.tsx'));
const NotFoundPage = lazy(() => import('./features/not-found/NotFoundPage.tsx'));

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  // The wizard redirects /wizard to /wizard/1 itself, keeping ?state=XX.
  { path: '/wizard', element: <WizardPage /> },
  { path: '/wizard/:step', element: <WizardPage /> },
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/success', element: <SuccessPage /> },
  { path: '/pricing', element: <PricingPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/staff/login', element: <StaffLoginPage /> },
  { path: '/staff', element: <StaffDashboardPage /> },
  { path: '/content-editor', element: <ContentEditorPage /> },
  { path: '*', element: <NotFoundPage /> },
];
