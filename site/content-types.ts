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
