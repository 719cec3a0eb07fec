import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

import { highestTotal, lowestTotal } from '#shared/price-range.ts';
import { STATE_PRICING } from '#shared/states.ts';
import { STRUCTURED_DATA_ID } from './src/features/landing/starting-price.ts';
import { structuredDataJson } from './src/features/landing/structured-data.ts';
import { PAGE_PATTERNS } from './src/paths.ts';

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

/**
 * The screens whose prerendered frame loads their code beside the app's entry (site/pages.ts
 * `preloads`, docs/decisions/0393), by route pattern: the screen's module and the query library's
 * scope every lazily loaded screen comes with (src/routes.tsx).
 */
const SCREEN_PRELOADS: Record<string, readonly string[]> = {
  [PAGE_PATTERNS.order]: ['src/features/order/OrderPage.tsx', 'src/lib/QueryScope.tsx'],
  [PAGE_PATTERNS.wizardStep]: ['src/features/wizard/WizardPage.tsx', 'src/lib/QueryScope.tsx', 'src/components/AppToaster.tsx'],
  [PAGE_PATTERNS.checkout]: ['src/features/checkout/CheckoutPage.tsx', 'src/lib/QueryScope.tsx', 'src/components/AppToaster.tsx'],
};

/**
 * Writes each screen's chunks (and the chunks they import, but the entry) into index.html as
 * `<template data-preloads="<pattern>">` of modulepreload links: inert in the app shell, turned
 * into links by the renderer in that screen's frame only (site/render-page.tsx). The built shell
 * is the one template the build and the site publisher render from, so the names travel with it.
 * They ask for low priority: the frame paints from its HTML and CSS, which come first
 * (docs/decisions/0394).
 */
function screenPreloads(): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'screen-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const templates = Object.entries(SCREEN_PRELOADS).map(([pattern, modules]) => {
        const files = new Set<string>();
        const add = (chunk: OutputChunk) => {
          if (chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const name of chunk.imports) {
            const dep = bundle[name];
            if (dep?.type === 'chunk') add(dep);
          }
        };
        for (const module of modules) {
          const id = resolve(import.meta.dirname, module);
          // A screen's own chunk, or the chunk the bundler put its module in when it has none of its own.
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`screen-preloads: no chunk of ${module}`);
          add(chunk);
        }
        const links = [...files].map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${f}" />`);
        return `<template data-preloads="${pattern}">${links.join('')}</template>`;
      });
      const index = join(outDir, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace('</head>', `  ${templates.join('\n    ')}\n  </head>`));
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), landingMetadata(), screenPreloads()],
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
  },
  server: { host: '127.0.0.1' },
});
