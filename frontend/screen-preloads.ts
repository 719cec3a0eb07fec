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
    modules: ['src/features/wizard/WizardPage.tsx', 'src/lib/QueryScope.tsx'],
    priority: 'low',
  },
  [PAGE_PATTERNS.checkout]: {
    modules: ['src/features/checkout/CheckoutPage.tsx', 'src/lib/QueryScope.tsx'],
    priority: 'low',
  },
};

/** The app the entry starts once the page has painted (src/main.tsx): one file with its static imports. */
export const APP_MODULE_PATH = 'src/start.tsx';
const moduleIdOf = (module: string) => resolve(import.meta.dirname, module);
/** The bundler's test for the app's file (frontend/vite.config.ts). */
export const APP_MODULE = (id: string): boolean => id === moduleIdOf(APP_MODULE_PATH);
/**
 * The bundler's test for the order page's first view (frontend/vite.config.ts): its screen's
 * modules, one file with the static imports the entry and the app do not carry, so the page every
 * email links to fetches one file for its screen instead of a dozen (docs/decisions/0441).
 */
export const ORDER_SCREEN_MODULE = (id: string): boolean => SCREEN_PRELOADS[PAGE_PATTERNS.order].modules.some((m) => moduleIdOf(m) === id);

/** What the templates read of a built chunk. */
export type PreloadChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'isEntry' | 'imports' | 'facadeModuleId' | 'moduleIds'>;

export interface Preloads {
  /** The app's files (its chunk and what it imports that the entry does not), for every page's head. */
  app: string[];
  /** Each screen's `<template data-preloads="<pattern>" data-priority="...">` of its own files. */
  templates: string[];
}

/**
 * The module preloads of the built site. Every page fetches the app from the start (`app`: the
 * chunk that holds `appModuleId` and its static imports, not the entry's, which the entry script
 * loads itself), though the entry runs it only after the first paint. Each screen's template
 * lists the screen's chunks and what they import, with the screen's priority, but nothing of the
 * entry's or the app's. `moduleId` turns a screen's module into its id.
 */
export function preloadLinks(
  chunks: readonly PreloadChunk[],
  screens: Record<string, ScreenPreload>,
  moduleId: (module: string) => string,
  appModuleId: string,
  base = '/',
): Preloads {
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
  const chunkOf = (id: string) => chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('screen-preloads: no entry chunk');
  const appChunk = chunkOf(appModuleId);
  if (!appChunk) throw new Error('screen-preloads: no chunk of the app');
  const entryGraph = graph(entry);
  const app = [...graph(appChunk)].filter((f) => !entryGraph.has(f));
  const loaded = new Set([...entryGraph, ...app]);
  const link = (file: string, priority: PreloadPriority) =>
    `<link rel="modulepreload" crossorigin${priority === 'low' ? ' fetchpriority="low"' : ''} href="${base}${file}" />`;
  const templates = Object.entries(screens).map(([pattern, { modules, priority }]) => {
    const files = new Set<string>();
    for (const module of modules) {
      // A screen's own chunk, or the chunk the bundler put its module in when it has none of its own.
      const chunk = chunkOf(moduleId(module));
      if (!chunk) throw new Error(`screen-preloads: no chunk of ${module}`);
      for (const f of graph(chunk)) if (!loaded.has(f)) files.add(f);
    }
    return `<template data-preloads="${pattern}" data-priority="${priority}">${[...files].map((f) => link(f, priority)).join('')}</template>`;
  });
  return { app: app.map((f) => link(f, 'auto')), templates };
}

/**
 * Writes the preloads (`preloadLinks`) into index.html: the app's after the entry script, live on
 * every page; each screen's as a template, inert in the app shell, turned into links by the
 * renderer in that screen's frame only (site/render-page.tsx). The built shell is the one template
 * the build and the site publisher render from, so the names travel with it (docs/decisions/0394,
 * 0439, 0440, 0441).
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
      const { app, templates } = preloadLinks(chunks, SCREEN_PRELOADS, moduleIdOf, moduleIdOf(APP_MODULE_PATH), base);
      const index = join(outDir, 'index.html');
      const html = readFileSync(index, 'utf8');
      const entry = /<script\b[^>]*type="module"[^>]*><\/script>/.exec(html)?.[0];
      if (!entry) throw new Error('screen-preloads: no module entry script in index.html');
      writeFileSync(index, html.replace(entry, [entry, ...app].join('\n    ')).replace('</head>', `  ${templates.join('\n    ')}\n  </head>`));
    },
  };
}
