// The prerendered pages load the app after their first paint: their HTML and CSS paint as fast as
// static HTML, then the app hydrates them (frontend/src/main.tsx; docs/decisions/0172). The app's
// entry is named by this script element (data-app), as the build wrote it.
const app = document.querySelector('script[data-app]')?.getAttribute('data-app');
let started = false;
// A script element, not import(): one added before the page's load event delays it, as the
// page's own script would have, so "loaded" still means "running".
const start = () => {
  if (started || !app) return;
  started = true;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = app;
  document.head.append(script);
};
// A link to a section below the first view (/#calculator) is there to be used: no waiting.
if (location.hash) start();
// A page that shows what a browser saved (the wizard's first step) is rendered from a returning
// visitor's answers (frontend/src/lib/hydration-choice.ts): no waiting either. The keys are the
// ones the prerendering named (data-start-if-saved).
try {
  const keys = document.querySelector('script[data-app]')?.getAttribute('data-start-if-saved')?.split(' ') ?? [];
  if (keys.some((key) => localStorage.getItem(key))) start();
} catch {}
// An address with a query the page applies once the app runs (the wizard's ?state=XX from a link),
// which its HTML cannot know: what depends on it (data-from-query) is hidden until the app has
// applied it (frontend/src/lib/query-hold.ts, frontend/src/index.css), and the app starts at once.
try {
  const keys = document.querySelector('script[data-app]')?.getAttribute('data-start-if-query')?.split(' ') ?? [];
  const query = new URLSearchParams(location.search);
  if (keys.some((key) => query.get(key))) {
    document.documentElement.setAttribute('data-awaits-query', '');
    start();
  }
} catch {}
try {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
} catch {
  start();
}
// Whatever happens to paint timing (a hidden tab paints nothing), the app is there once the page has loaded.
addEventListener('load', () => setTimeout(start, 1000), { once: true });
