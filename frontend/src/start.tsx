import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SiteApp } from './App.tsx';
import { readPageData, setPageData } from './lib/page-data.ts';

/**
 * The app: loaded by the entry (./main.tsx) once the page's first frame is painted, fetched from
 * the start (its module preload is in every page's head, frontend/screen-preloads.ts).
 */
const app = (
  <StrictMode>
    <BrowserRouter>
      <SiteApp />
    </BrowserRouter>
  </StrictMode>
);

const root = document.getElementById('root') as HTMLElement;
// A prerendered page (site/pages.ts) is the same HTML for every visitor, and the app's first
// render in any browser is that HTML again (docs/decisions/0195): it is hydrated with the data it
// was rendered with. The app shell (every other screen, and `npm run dev`) has nothing to hydrate.
setPageData(readPageData(document));
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
