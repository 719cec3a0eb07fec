import { PAGE_PATTERNS, paths } from '../frontend/src/paths.ts';

/**
 * What the site tells crawlers (docs/decisions/0196): `robots.txt` and a `sitemap.xml` of its
 * public pages, generated from the route list with the site's public address. Written at build
 * (scripts/prerender.ts, when SITE_URL is known) and by the site publisher whenever it renders
 * every page (site/publisher/handler.ts: after each deployment on AWS, at each local start), which
 * knows the address the stage was given.
 */

/** The pages a search engine may list: what a visitor can open without anything of their own. */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  PAGE_PATTERNS.home,
  PAGE_PATTERNS.pricing,
  paths.wizardStep(1),
  PAGE_PATTERNS.contact,
  PAGE_PATTERNS.terms,
  PAGE_PATTERNS.privacy,
  PAGE_PATTERNS.refundPolicy,
];

/** Screens that are someone's own (an order, a payment, staff): not for crawling. */
export const PRIVATE_PATH_PREFIXES: readonly string[] = [
  '/api/',
  PAGE_PATTERNS.checkout,
  PAGE_PATTERNS.success,
  '/orders/',
  PAGE_PATTERNS.remindersUnsubscribe,
  PAGE_PATTERNS.staffDashboard,
  PAGE_PATTERNS.contentEditor,
];

export const ROBOTS_FILE = 'robots.txt';
export const SITEMAP_FILE = 'sitemap.xml';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The sitemap (sitemaps.org 0.9) of the public pages at `siteUrl`. */
export function sitemapXml(siteUrl: string): string {
  const urls = PUBLIC_PAGE_PATHS.map((path) => `  <url><loc>${escapeXml(`${origin(siteUrl)}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled, nobody's own screens; the sitemap when the address is known. */
export function robotsTxt(siteUrl: string | undefined): string {
  const lines = ['User-agent: *', ...PRIVATE_PATH_PREFIXES.map((p) => `Disallow: ${p}`), 'Allow: /'];
  if (siteUrl) lines.push('', `Sitemap: ${origin(siteUrl)}/${SITEMAP_FILE}`);
  return `${lines.join('\n')}\n`;
}

/** The crawler files for a site at `siteUrl` (no sitemap without an address: its entries must be absolute). */
export function crawlerFiles(siteUrl: string | undefined): { file: string; body: string }[] {
  return [{ file: ROBOTS_FILE, body: robotsTxt(siteUrl) }, ...(siteUrl ? [{ file: SITEMAP_FILE, body: sitemapXml(siteUrl) }] : [])];
}
