import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SiteApp } from './App.tsx';
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
// A prerendered page (landing, pricing, 404) is hydrated with the data it was rendered with;
// the app shell (every other screen, and `npm run dev`) is rendered in the browser.
if (root.firstElementChild) {
  setPageData(readPageData(document));
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
