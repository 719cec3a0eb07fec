import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { highestTotal, lowestTotal } from '#shared/price-range.ts';
import { STATE_PRICING } from '#shared/states.ts';
import { compileHints } from './compile-hints.ts';
import { reactRouterProductionBuild } from './react-router-production.ts';
import { APP_MODULE, ORDER_SCREEN_MODULE, screenPreloads } from './screen-preloads.ts';
import { STRUCTURED_DATA_ID } from './src/features/landing/starting-price.ts';
import { structuredDataJson } from './src/features/landing/structured-data.ts';

// The starting price and range, computed from the bundled state data at build time: the landing
// page shows them until live /api/states answers, without bundling the dataset itself.
const priceRange = { lowest: lowestTotal(STATE_PRICING), highest: highestTotal(STATE_PRICING) };
// The public address, when the build knows it (deploys set SITE_URL); canonical links are
// otherwise set in the browser from the address the page was served at.
const siteUrl = process.env.SITE_URL?.replace(/\/+$/, '') || undefined;

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Writes the JSON-LD offer (and, when known, canonical/og:url) into index.html for crawlers. */
function landingMetadata(): Plugin {
  return {
    name: 'landing-metadata',
    transformIndexHtml(html) {
      const tags = [
        `<script type="application/ld+json" id="${STRUCTURED_DATA_ID}" data-lowest="${priceRange.lowest}" data-highest="${priceRange.highest}">${structuredDataJson(priceRange, siteUrl)}</script>`,
      ];
      if (siteUrl) {
        tags.push(`<link rel="canonical" href="${escapeAttr(`${siteUrl}/`)}" />`, `<meta property="og:url" content="${escapeAttr(`${siteUrl}/`)}" />`);
      }
      return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), landingMetadata(), screenPreloads(), reactRouterProductionBuild(), compileHints()],
  define: {
    'import.meta.env.VITE_PRICE_LOWEST': JSON.stringify(String(priceRange.lowest)),
    'import.meta.env.VITE_PRICE_HIGHEST': JSON.stringify(String(priceRange.highest)),
  },
  build: {
    // Vite writes into a staging folder (.build/site); `npm run build`'s prerender step completes
    // it there and only then swaps it in as frontend/dist (scripts/prerender.ts), so an
    // interrupted build leaves the previous site whole.
    outDir: '../.build/site',
    emptyOutDir: true,
    target: 'es2022',
    // Keep the initial bundle lean: route modules are split by React.lazy.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Four files before a screen's own code (docs/decisions/0440, 0441): the entry and what it
        // imports statically (its stylesheet and the order's first read, a few KB); the app, which
        // the entry loads once the page has painted, with every module it imports statically (React,
        // the router, the landing page's first view); the query library, which every lazy screen
        // but none of the prerendered pages' first views needs; and the order page's screen with
        // its own imports, which the order page, every email's link, loads before its first view.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'app', test: APP_MODULE, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            // The toast library, fetched at the first toast or once a page has settled (lib/toast.ts).
            { name: 'toasts', test: /node_modules[\\/]sonner[\\/]/, priority: 1 },
            { name: 'order', test: ORDER_SCREEN_MODULE, priority: 0 },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
});
