import { StrictMode } from 'react';
// The edge build: the Node build runs each render in an AsyncLocalStorage, which switches on
// promise hooks for the whole process from then on (every promise of the local server, which runs
// this publisher in-process, would cost more: the adapter's throughput halved).
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router-dom';
import type { OperatorSettingsView } from '#shared/api/staff-responses.schema.ts';
import type { ContentItem } from '#shared/content/content-item.schema.ts';
import type { StatePricing } from '#shared/states.ts';
import { SiteApp } from '../frontend/src/App.tsx';
import { type PageMeta, takeRenderedPageMeta } from '../frontend/src/components/usePageMeta.ts';
import { apiUrl } from '../frontend/src/lib/api-client.ts';
import { OPERATOR_SETTINGS_URL } from '../frontend/src/lib/operator.ts';
import { type PageData, pageDataScript, setPageData } from '../frontend/src/lib/page-data.ts';
import { resetSharedGets } from '../frontend/src/lib/shared-get.ts';
import { PRERENDERED_PAGES, type PrerenderedPage } from './pages.ts';

/**
 * Renders the public pages to HTML (docs/decisions/0172): at build (scripts/prerender.ts), and
 * when staff publish a text (site/publisher/publish.ts, on AWS and locally alike). The HTML is the
 * built app shell with the page's tree in #root, its title, description, canonical and Open
 * Graph tags in the head, and the data it was rendered with, which the browser hydrates it with
 * (frontend/src/main.tsx).
 */
export interface RenderInput {
  /** Every content item (GET /api/content); the page carries those of the site-text pages it shows. */
  contentItems: readonly ContentItem[];
  /** Every state's pricing (GET /api/states). */
  states: readonly StatePricing[];
  /**
   * The operator's settings (GET /api/operator-settings), for the pages that name the operator.
   * Without them (the build, which knows no operator) those pages carry none and the browser
   * reads them after hydration; the publisher renders them in after each deployment.
   */
  operator?: OperatorSettingsView;
  /** The public address, for canonical and og:url; without it the page has neither (the browser sets them). */
  siteUrl?: string;
}

export interface RenderedPage {
  page: PrerenderedPage;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function prerenderOnce(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <SiteApp />
      </StaticRouter>
    </StrictMode>,
    // Never split a large part out to be revealed by a script: the page is read without JavaScript too.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Uint8Array[] = [];
  const reader = prelude.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  return new TextDecoder().decode(Buffer.concat(chunks));
}

async function renderTree(path: string, data: PageData): Promise<{ root: string; meta: PageMeta | undefined }> {
  // One page at a time: the caches are the module's, as in a browser tab.
  resetSharedGets();
  setPageData(data);
  takeRenderedPageMeta();
  // The first pass loads the page's lazily loaded modules. A part that waited for one would be
  // written out of place, moved by an inline script, so invisible without JavaScript: the second
  // pass, with every module loaded, writes the whole page in order, with no script.
  await prerenderOnce(path);
  const root = await prerenderOnce(path);
  if (/<script|\$RC\(|hidden id="S:/.test(root)) throw new Error(`${path}: part of the page is still written out of order`);
  setPageData({});
  return { root, meta: takeRenderedPageMeta() };
}

/** Sets (or adds) a `<meta>` of the head. */
function withMeta(head: string, attr: 'name' | 'property', key: string, content: string): string {
  const tag = `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const existing = new RegExp(`<meta ${attr}="${key.replace(/[:]/g, '\\:')}"[^>]*>`);
  return existing.test(head) ? head.replace(existing, tag) : `${head}    ${tag}\n`;
}

/** The app shell with the page in it: the template is the built index.html, untouched by any earlier render. */
export function fillTemplate(template: string, page: PrerenderedPage, root: string, meta: PageMeta, data: PageData, siteUrl?: string): string {
  const headStart = template.indexOf('<head>') + '<head>'.length;
  const headEnd = template.indexOf('</head>');
  let head = template.slice(headStart, headEnd);
  head = head.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`);
  head = withMeta(head, 'property', 'og:title', meta.title);
  head = withMeta(head, 'name', 'twitter:title', meta.title);
  if (meta.description) {
    head = withMeta(head, 'name', 'description', meta.description);
    head = withMeta(head, 'property', 'og:description', meta.description);
    head = withMeta(head, 'name', 'twitter:description', meta.description);
  }
  head = head.replace(/\s*<link rel="canonical"[^>]*>/, '').replace(/\s*<meta property="og:url"[^>]*>/, '');
  // A frame the app fills at once (the order page's, the wizard's, the checkout's) loads its
  // screen's code beside the entry instead of after it (docs/decisions/0393, 0439); the other
  // pages drop the screens' preloads.
  let screenPreloads = '';
  let lowPriority = false;
  head = head.replace(
    /\s*<template data-preloads="([^"]*)" data-priority="([^"]*)">([\s\S]*?)<\/template>/g,
    (_all, pattern: string, priority: string, links: string) => {
      if (page.preloads === pattern) {
        screenPreloads = links;
        lowPriority = priority === 'low';
      }
      return '';
    },
  );
  // A frame that is its page's largest paint (the wizard's, the checkout's) asks low priority for
  // the app's code, which every page's head lists: the app fills in fields, the frame paints
  // without it (docs/decisions/0440, 0441).
  if (lowPriority) head = head.replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
  if (screenPreloads) head = `${head}  ${screenPreloads.replace(/></g, '>\n    <')}\n  `;
  if (siteUrl && page.canonical) {
    const url = `${siteUrl.replace(/\/+$/, '')}${page.path}`;
    head = `${head}  <link rel="canonical" href="${escapeHtml(url)}" />\n    <meta property="og:url" content="${escapeHtml(url)}" />\n  `;
  }
  if (page.status === 404) head = withMeta(head, 'name', 'robots', 'noindex');
  // The app's entry stays in the head as Vite wrote it, and the app's code beside it: both load at
  // once, on every page (docs/decisions/0195, 0441). The entry is async: it runs when it arrives,
  // without waiting for the stylesheet, so the order's read leaves sooner (docs/decisions/0442).
  if (!/<script async type="module" crossorigin src="[^"]+"><\/script>/.test(head)) throw new Error('The template has no async module entry script');
  const body = template
    .slice(headEnd)
    .replace('<div id="root"></div>', `<div id="root">${root}</div>`)
    .replace('</body>', `  ${pageDataScript(data)}\n  </body>`);
  return `${template.slice(0, headStart)}${head}${body}`;
}

/** The app shell for every screen that is not prerendered: no canonical of its own (the browser sets it per screen). */
export function appShell(template: string): string {
  return template.replace(/\s*<link rel="canonical"[^>]*>/, '').replace(/\s*<meta property="og:url"[^>]*>/, '');
}

/** Renders `pages` (default: every prerendered page) into the template. */
export async function renderPages(template: string, input: RenderInput, pages: readonly PrerenderedPage[] = PRERENDERED_PAGES): Promise<RenderedPage[]> {
  if (!template.includes('<div id="root"></div>')) throw new Error('The template is not the built app shell (no empty #root)');
  // The caches and page data are the module's (renderTree): two runs at once (the local runtime
  // polls two tables' streams) would mix one page's data into another's, so runs take turns.
  const run = rendering.then(async () => {
    const out: RenderedPage[] = [];
    for (const page of pages) {
      const data = pageDataFor(page, input);
      const { root, meta } = await renderTree(page.renderPath, data);
      if (!meta) throw new Error(`${page.path} set no page metadata (usePageMeta)`);
      out.push({ page, html: fillTemplate(template, page, root, meta, data, input.siteUrl) });
    }
    return out;
  });
  rendering = run.catch(() => undefined);
  return run;
}

let rendering: Promise<unknown> = Promise.resolve();

/** What `page` is rendered with and carries for hydration: its site texts, and the public GETs it shows. */
function pageDataFor(page: PrerenderedPage, input: RenderInput): PageData {
  const gets: Record<string, unknown> = {
    ...(page.carriesStates ? { [apiUrl('GET /api/states')]: input.states } : {}),
    ...(page.carriesOperator && input.operator ? { [OPERATOR_SETTINGS_URL]: input.operator } : {}),
  };
  return {
    texts: { pages: [...page.textPages], items: input.contentItems.filter((i) => page.textPages.includes(i.page as never)) },
    ...(Object.keys(gets).length ? { gets } : {}),
  };
}
