import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATE_PRICING } from '#shared/states.ts';
import { APP_SHELL_FILE } from '../site/pages.ts';
import { HASHED_ASSETS_DIR } from '../site/precompressed.ts';
import { appShell, renderPages } from '../site/render-page.tsx';
import { crawlerFiles } from '../site/sitemap.ts';
import { runIfMain } from './cli.ts';
import { siteUrlSetting } from './config.ts';
import { precompressAssets } from './precompress.ts';

/**
 * The second half of `npm run build` (after Vite): the pages of site/pages.ts (landing,
 * pricing, the wizard's first step, the checkout, not-found) prerendered with the built-in texts (site/render-page.tsx),
 * and the app shell kept as app.html for every other screen. A deployed or local site then
 * re-renders them with the published texts (site/publisher/publish.ts). SITE_URL, when the build
 * knows it, gives the canonical addresses and the sitemap (site/sitemap.ts; robots.txt is written either way).
 *
 * Vite writes the site into STAGING (frontend/vite.config.ts, outDir); the pages are rendered
 * there, and only the complete site replaces frontend/dist (swapInSite). A build stopped at any
 * point before leaves the previous frontend/dist as it was, for `npm start` and the deploy.
 */
export const DIST = join(import.meta.dirname, '..', 'frontend', 'dist');
/** Where Vite writes the site being built (frontend/vite.config.ts `outDir`). */
export const STAGING = join(import.meta.dirname, '..', '.build', 'site');

/**
 * Puts the built site `staging` in place of `dist`: the old one is moved aside, the new one
 * renamed in (both on the same disk, so each move is one rename), the old one removed. A `dist`
 * missing because a swap was stopped between the two renames is put back first.
 */
export function swapInSite(staging = STAGING, dist = DIST): void {
  if (!existsSync(join(staging, APP_SHELL_FILE))) throw new Error(`${staging} holds no prerendered site: run the whole "npm run build"`);
  const previous = `${staging}-previous`;
  if (!existsSync(dist) && existsSync(previous)) renameSync(previous, dist);
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(dist)) renameSync(dist, previous);
  renameSync(staging, dist);
  rmSync(previous, { recursive: true, force: true });
}

export async function prerenderSite(dist = DIST, siteUrl = siteUrlSetting() || undefined): Promise<string[]> {
  const built = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!built.includes('<div id="root"></div>'))
    throw new Error(`${dist}/index.html is not Vite's output (already prerendered?): run the whole "npm run build"`);
  const shell = appShell(built);
  writeFileSync(join(dist, APP_SHELL_FILE), shell);
  const pages = await renderPages(shell, { contentItems: [], states: STATE_PRICING, siteUrl });
  for (const { page, html } of pages) writeFileSync(join(dist, page.file), html);
  const crawler = crawlerFiles(siteUrl);
  for (const { file, body } of crawler) writeFileSync(join(dist, file), body);
  return [APP_SHELL_FILE, ...pages.map((p) => p.page.file), ...crawler.map((c) => c.file)];
}

runIfMain(import.meta.url, async () => {
  const files = await prerenderSite(STAGING);
  const compressed = await precompressAssets(join(STAGING, HASHED_ASSETS_DIR));
  swapInSite(STAGING, DIST);
  console.log(`prerendered: ${files.join(', ')}; ${compressed.length} scripts and stylesheets compressed; the site is in frontend/dist`);
});
