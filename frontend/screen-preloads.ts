import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { PAGE_PATTERNS } from './src/paths.ts';

/** How a screen's own code is fetched: low behind a frame that is its largest paint, else as usual. */
export type PreloadPriority = 'low' | 'auto';

export interface ScreenPreload {
  /** The screen's modules, from the frontend folder. */
  modules: readonly string[];
  priority: PreloadPriority;
}

/**
 * The screens whose prerendered frame loads their code beside the app's entry (site/pages.ts
 * `preloads`, docs/decisions/0393), by route pattern: the screen's module and the query library's
 * scope every lazily loaded screen comes with (src/routes.tsx).
 */
export const SCREEN_PRELOADS: Record<string, ScreenPreload> = {
  // The order page's largest paint is the order itself, which waits on this code: it is fetched
  // at the browser's usual priority (docs/decisions/0440).
  [PAGE_PATTERNS.order]: { modules: ['src/features/order/OrderPage.tsx', 'src/lib/QueryScope.tsx'], priority: 'auto' },
  // The wizard's and the checkout's largest paint is their frame: their code waits behind it.
  [PAGE_PATTERNS.wizardStep]: {
    modules: ['src/features/wizard/WizardPage.tsx', 'src/lib/QueryScope.tsx', 'src/components/AppToaster.tsx'],
    priority: 'low',
  },
  [PAGE_PATTERNS.checkout]: {
    modules: ['src/features/checkout/CheckoutPage.tsx', 'src/lib/QueryScope.tsx', 'src/components/AppToaster.tsx'],
    priority: 'low',
  },
};

/** What the templates read of a built chunk. */
export type PreloadChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'isEntry' | 'imports' | 'facadeModuleId' | 'moduleIds'>;

/**
 * Each screen's `<template data-preloads="<pattern>">` of modulepreload links. The entry's own
 * chunks come first, at the entry's priority: the entry runs only once each has arrived, and the
 * screen's first read starts from it. Then the screen's chunks and what they import (not the
 * entry's again), with the screen's priority. `moduleId` turns a screen's module into its id.
 */
export function preloadTemplates(
  chunks: readonly PreloadChunk[],
  screens: Record<string, ScreenPreload>,
  moduleId: (module: string) => string,
  base = '/',
): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // What a chunk imports statically, itself included, as file names.
  const graph = (chunk: PreloadChunk, into = new Set<string>()): Set<string> => {
    if (into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const name of chunk.imports) {
      const dep = byFile.get(name);
      if (dep) graph(dep, into);
    }
    return into;
  };
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('screen-preloads: no entry chunk');
  const entryGraph = graph(entry);
  entryGraph.delete(entry.fileName);
  const link = (file: string, priority: PreloadPriority) =>
    `<link rel="modulepreload" crossorigin${priority === 'low' ? ' fetchpriority="low"' : ''} href="${base}${file}" />`;
  const entryLinks = [...entryGraph].map((f) => link(f, 'auto'));
  return Object.entries(screens).map(([pattern, { modules, priority }]) => {
    const files = new Set<string>();
    for (const module of modules) {
      const id = moduleId(module);
      // A screen's own chunk, or the chunk the bundler put its module in when it has none of its own.
      const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`screen-preloads: no chunk of ${module}`);
      for (const f of graph(chunk)) if (f !== entry.fileName && !entryGraph.has(f)) files.add(f);
    }
    return `<template data-preloads="${pattern}" data-priority="${priority}">${[...entryLinks, ...[...files].map((f) => link(f, priority))].join('')}</template>`;
  });
}

/**
 * Writes each screen's preloads (`preloadTemplates`) into index.html: inert in the app shell,
 * turned into links by the renderer in that screen's frame only (site/render-page.tsx). The built
 * shell is the one template the build and the site publisher render from, so the names travel
 * with it (docs/decisions/0394, 0439, 0440).
 */
export function screenPreloads(): Plugin {
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
      const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      const templates = preloadTemplates(chunks, SCREEN_PRELOADS, (module) => resolve(import.meta.dirname, module), base);
      const index = join(outDir, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace('</head>', `  ${templates.join('\n    ')}\n  </head>`));
    },
  };
}
