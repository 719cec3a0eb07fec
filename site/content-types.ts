/**
 * How the site's files are served: a page's caching, and the Content-Type of each kind of file,
 * by extension, with which of them are compressed on the fly.
 */

/**
 * The HTML pages (and robots.txt, sitemap.xml) are revalidated by browsers on every visit: the
 * publisher stores them so (site/publisher/store.ts), like the app shell the site deployment
 * uploads, and the local server answers so (scripts/local/static.ts).
 */
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * The Content-Type of each kind of file the site serves, by extension: the local server sends it
 * (scripts/local/static.ts), and the CDN's Brotli copies of the scripts and stylesheets are stored
 * with it (infra/stacks/web-stack.ts), so both answer a file with the same type.
 */
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
} as const;

export type SiteFileExtension = keyof typeof CONTENT_TYPES;

/** The type of a file with extension `ext` (".js"), or a download's for an extension not in the table. */
export function contentTypeOf(ext: string): string {
  return Object.hasOwn(CONTENT_TYPES, ext) ? CONTENT_TYPES[ext as SiteFileExtension] : 'application/octet-stream';
}

/**
 * The types sent compressed on the fly (gzip) when the browser accepts it and there is no copy
 * compressed ahead of time: text, JSON, XML and SVG. CloudFront's `compress` chooses by type the
 * same way; images, icons and fonts are compressed already.
 */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|xml)\b|image\/svg\+xml$)/;

/** Whether a file with extension `ext` is worth compressing as it is sent. */
export function isCompressible(ext: string): boolean {
  return COMPRESSIBLE_TYPE.test(contentTypeOf(ext));
}
