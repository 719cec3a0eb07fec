import type { ContentItem } from '#shared/content/content-item.schema.ts';
import { seedSharedGet } from './shared-get.ts';

/**
 * What a prerendered page (site/render-page.tsx) carries in its HTML for the
 * browser to hydrate it with: the site texts it was rendered with and the public GETs it read.
 * The browser's first render then shows exactly the server's HTML: no request, no swap of text.
 */
export interface PageData {
  /** The content items of these site-text pages (every item of each), as the page was rendered. */
  texts?: { pages: string[]; items: ContentItem[] };
  /** Public GET answers by URL (shared-get.ts keys), e.g. `/api/states` on the pricing page. */
  gets?: Record<string, unknown>;
}

export const PAGE_DATA_ID = 'page-data';

let current: PageData = {};

/** Whether this document is a prerendered page (the browser hydrates it rather than rendering from nothing). */
export function isPrerenderedPage(): boolean {
  return current.texts !== undefined;
}

/** The texts this page was rendered with, for one site-text page; undefined when it carries none for it. */
export function pageTexts(page: string): ContentItem[] | undefined {
  return current.texts?.pages.includes(page) ? current.texts.items : undefined;
}

/** Makes `data` the page's data: its GETs are seeded in the shared cache. Called once before the first render. */
export function setPageData(data: PageData): void {
  current = data;
  for (const [url, answer] of Object.entries(data.gets ?? {})) seedSharedGet(url, answer);
}

/** The page data a prerendered HTML document carries (none in the app shell or in `npm run dev`). */
export function readPageData(doc: Document): PageData {
  const el = doc.getElementById(PAGE_DATA_ID);
  if (!el?.textContent) return {};
  try {
    return JSON.parse(el.textContent) as PageData;
  } catch {
    return {};
  }
}

/** The `<script type="application/json">` element carrying `data` ("<" escaped so no text can end the element). */
export function pageDataScript(data: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
