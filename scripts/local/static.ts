import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { APP_ROUTES } from '../../site/app-routes.ts';
import { contentTypeOf, isCompressible, PAGE_CACHE_CONTROL } from '../../site/content-types.ts';
import { siteFileFor } from '../../site/pages.ts';
import { brotliCopyOf, HASHED_ASSET_CACHE_CONTROL, HASHED_ASSETS_DIR } from '../../site/precompressed.ts';

/** The same headers CloudFront's response-headers policy adds to the site. */
export const SITE_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * Serves the built SPA like the CDN does: hashed assets cached for a year, HTML never cached;
 * an address that is not a file gets its page as CloudFront's rewrite picks it
 * (site/pages.ts): a prerendered page (from `pagesDir`, where the local site publisher
 * writes them, else from the build), the app shell for a screen of the SPA, or the not-found
 * page with a 404. A script or stylesheet goes as its Brotli copy to a browser that accepts it, as
 * CloudFront's function picks it (site/precompressed.ts); anything else compressible is gzipped.
 */
export function serveStatic(distDir: string, req: IncomingMessage, res: ServerResponse, pagesDir?: string): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    rel = '/';
  }
  let file = normalize(join(distDir, rel));
  let status = 200;
  // A file at the site's root the local site publisher wrote (a page, robots.txt, sitemap.xml):
  // its copy, as the bucket's on AWS.
  const published = pagesDir && /^\/[^/]+\.[a-z]+$/i.test(rel) ? join(pagesDir, rel.slice(1)) : undefined;
  if (published && existsSync(published)) {
    file = published;
  } else if (!file.startsWith(distDir + sep) || !existsSync(file) || statSync(file).isDirectory()) {
    const page = siteFileFor(url.pathname, APP_ROUTES);
    status = page.status;
    const publishedPage = pagesDir ? join(pagesDir, page.file) : undefined;
    file = publishedPage && existsSync(publishedPage) ? publishedPage : join(distDir, page.file);
  }
  if (!existsSync(file)) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The site has not been built: run npm run build');
    return;
  }
  const ext = extname(file);
  const isHashedAsset = file.startsWith(join(distDir, HASHED_ASSETS_DIR) + sep);
  const compressible = isCompressible(ext);
  const headers: Record<string, string> = {
    ...SITE_SECURITY_HEADERS,
    'content-type': contentTypeOf(ext),
    'cache-control': isHashedAsset ? HASHED_ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL,
  };
  const accepted = req.headers['accept-encoding'];
  const copy = status === 200 && file === normalize(join(distDir, rel)) ? brotliCopyOf(url.pathname, accepted) : undefined;
  const brotli = copy !== undefined && existsSync(join(distDir, copy));
  const gzip = !brotli && compressible && /\bgzip\b/.test(String(accepted ?? ''));
  if (brotli) headers['content-encoding'] = 'br';
  if (gzip) headers['content-encoding'] = 'gzip';
  if (compressible) headers.vary = 'accept-encoding';
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(brotli ? join(distDir, copy) : file);
  if (gzip) stream.pipe(createGzip({ level: 6 })).pipe(res);
  else stream.pipe(res);
}
