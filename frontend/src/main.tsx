import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SiteApp } from './App.tsx';
import { browserStorage, hydratesPrerenderedHtml } from './lib/hydration-choice.ts';
import { readPageData, setPageData } from './lib/page-data.ts';
import './index.css';

const app = (
  <StrictMode>
    <BrowserRouter>
      <SiteApp />
    </BrowserRouter>
  </StrictMode>
);

const root = document.getElementById('root') as HTMLElement;
// A prerendered page (shared/site/pages.ts) is hydrated with the data it was rendered with; the
// app shell (every other screen, and `npm run dev`) is rendered in the browser, and so is the
// wizard's first step for a browser with saved answers (./lib/hydration-choice.ts), still with
// the texts and states its HTML carries.
const pageData = readPageData(document);
setPageData(pageData);
if (hydratesPrerenderedHtml(root, pageData, browserStorage())) {
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
