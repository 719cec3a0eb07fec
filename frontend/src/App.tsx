import { lazy, Suspense, useRef } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { PageFallback } from './components/PageFallback.tsx';
import { paths } from './paths.ts';
import { routes } from './routes.tsx';

/**
 * The toast outlet is loaded with the first screen that can raise a toast: the landing page never
 * does, so its first view does not download the toast library. Toasts raised before the outlet
 * mounts are not lost (sonner replays active toasts to a late subscriber).
 */
const AppToaster = lazy(() => import('./components/AppToaster.tsx'));

function Toasts() {
  const { pathname } = useLocation();
  // Once mounted it stays: going back to the landing page keeps the outlet and its toasts.
  const needed = useRef(false);
  if (pathname !== paths.home) needed.current = true;
  return needed.current ? (
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
  return (
    <>
      <Suspense fallback={<PageFallback />}>{useRoutes(routes)}</Suspense>
      <Toasts />
    </>
  );
}
