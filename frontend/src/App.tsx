import { type ComponentType, lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { PageFallback } from './components/PageFallback.tsx';
import { ScreenBoundary } from './components/ScreenBoundary.tsx';
import { subscribeToRaisedToasts, TOAST_OUTLET_AFTER_MS, toastRaised } from './lib/toast.ts';
import { paths } from './paths.ts';
import { routes } from './routes.tsx';

/**
 * The toast outlet, with the toast library, is loaded when the first toast is raised, or once a page
 * other than the landing page has been open a few seconds (lib/toast.ts): no first view downloads
 * or evaluates it, and it is there before the network can fail an error's toast. Toasts raised
 * before it mounts wait for it (docs/decisions/0444).
 */
const AppToaster = lazy(loadToastOutlet);

/**
 * The outlet's module. It is often fetched because something failed, perhaps the network: a fetch
 * that fails too leaves the page without toasts rather than taking the page down with it.
 */
export function loadToastOutlet(): Promise<{ default: ComponentType }> {
  return import('./components/AppToaster.tsx').catch(() => ({ default: () => null }));
}

function Toasts() {
  const { pathname } = useLocation();
  const raised = useSyncExternalStore(subscribeToRaisedToasts, toastRaised, () => false);
  // Once mounted it stays: going back to the landing page keeps the outlet and its toasts.
  const [settled, setSettled] = useState(false);
  const away = pathname !== paths.home;
  useEffect(() => {
    if (!away || settled) return;
    const timer = setTimeout(() => setSettled(true), TOAST_OUTLET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [away, settled]);
  return raised || settled ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/**
 * The whole site under a router: the browser mounts it with BrowserRouter (./main.tsx), the
 * prerendering with a StaticRouter at the page's path (site/render-page.tsx), so both
 * render the same tree and the browser can hydrate the prerendered HTML.
 */
export function SiteApp() {
  const { pathname } = useLocation();
  return (
    <>
      <ScreenBoundary pathname={pathname}>
        <Suspense fallback={<PageFallback />}>{useRoutes(routes)}</Suspense>
      </ScreenBoundary>
      <Toasts />
    </>
  );
}
