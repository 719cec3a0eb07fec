/**
 * The site's scripts and stylesheets are stored twice: as built, and compressed ahead of time with
 * Brotli at its highest level (`<file>.br`, written by scripts/precompress.ts when the site is
 * built). A browser that accepts Brotli gets the second; every other gets the first, which the CDN
 * (or the local server) gzips on the fly. Both servers choose with the rule below: the local server
 * (scripts/local/static.ts) and CloudFront's viewer-request function (infra/web-security.ts), into
 * whose source these patterns are written (docs/decisions/0443-scripts-and-stylesheets-stored-compressed.md).
 */

import type { SiteFileExtension } from './content-types.ts';

/** The folder of the hashed, immutable files: the only ones stored compressed. */
export const HASHED_ASSETS_DIR = 'assets';

/**
 * How long a browser and the CDN may keep a hashed file: a year, without asking again (its name
 * changes when it does). Both servers send it: the bucket stores it with each deployed file
 * (infra/stacks/web-stack.ts), the local server answers with it (scripts/local/static.ts).
 */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The kinds of file stored compressed: scripts and stylesheets. */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.css'] as const satisfies readonly SiteFileExtension[];

/** The addresses that have a compressed copy: a script or a stylesheet of the hashed folder. */
export const PRECOMPRESSED_PATH = new RegExp(`^/${HASHED_ASSETS_DIR}/[^/]+\\.(?:${PRECOMPRESSED_EXTENSIONS.map((ext) => ext.slice(1)).join('|')})$`);

/** The suffix of the compressed copy. */
export const BROTLI_SUFFIX = '.br';

/**
 * An Accept-Encoding that accepts Brotli: `br` listed without a zero quality ("gzip, deflate, br,
 * zstd"; not "br;q=0"). A wildcard alone does not count: the plain file is always safe.
 */
export const BROTLI_ACCEPTED = /(?:^|,)\s*br\s*(?:$|,|;\s*q\s*=\s*(?:1|0?\.\d*[1-9]))/i;

/** The file to answer `path` with: its compressed copy where the browser accepts it, else undefined. */
export function brotliCopyOf(path: string, acceptEncoding: string | undefined): string | undefined {
  return PRECOMPRESSED_PATH.test(path) && BROTLI_ACCEPTED.test(acceptEncoding ?? '') ? `${path}${BROTLI_SUFFIX}` : undefined;
}
