import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderSite } from '../scripts/prerender.ts';
import { BUILT_SHELL } from '../tests/fakes/site-shell.ts';
import { APP_ROUTES } from './app-routes.ts';
import { siteFileFor } from './pages.ts';
import { PRIVATE_PATH_PREFIXES, PUBLIC_PAGE_PATHS, robotsTxt, sitemapXml } from './sitemap.ts';

/**
 * The crawler files: a sitemap of the public pages, every one a page the site serves with 200,
 * and a robots.txt that keeps crawlers off the screens that are someone's own.
 */
describe('sitemap.xml', () => {
  it('lists every public page at the site address, each served with 200, and nothing private', () => {
    const xml = sitemapXml('https://creator.example/');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGE_PATHS.map((p) => `https://creator.example${p}`));
    expect(locs).toContain('https://creator.example/pricing');
    expect(locs).toContain('https://creator.example/terms');
    for (const path of PUBLIC_PAGE_PATHS) expect(siteFileFor(path, APP_ROUTES).status, path).toBe(200);
    for (const path of PUBLIC_PAGE_PATHS)
      expect(
        PRIVATE_PATH_PREFIXES.some((p) => path.startsWith(p)),
        path,
      ).toBe(false);
  });

  it('is well-formed XML in the sitemaps.org namespace', () => {
    const xml = sitemapXml('https://creator.example');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'creator-llc-sitemap-'));
    try {
      writeFileSync(join(dir, 'sitemap.xml'), xml);
      // Python's expat parser: fails on anything not well-formed.
      const count = execFileSync('python3', [
        '-c',
        'import sys, xml.dom.minidom as m; print(len(m.parse(sys.argv[1]).getElementsByTagName("url")))',
        join(dir, 'sitemap.xml'),
      ]);
      expect(Number(String(count).trim())).toBe(PUBLIC_PAGE_PATHS.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers off orders, checkout, staff and the API, and names the sitemap', () => {
    const robots = robotsTxt('https://creator.example');
    expect(robots).toMatch(/^User-agent: \*\n/);
    for (const path of ['/api/', '/checkout', '/orders/', '/staff', '/content-editor']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain('Sitemap: https://creator.example/sitemap.xml\n');
    expect(robotsTxt(undefined)).not.toContain('Sitemap:');
  });
});

describe('npm run build', () => {
  const dist = mkdtempSync(join(tmpdir(), 'creator-llc-dist-crawler-'));
  let files: string[] = [];
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), BUILT_SHELL);
    files = await prerenderSite(dist, 'https://creator.example');
  }, 60_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('writes robots.txt and sitemap.xml beside the pages, deployed with them', () => {
    expect(files).toEqual(expect.arrayContaining(['robots.txt', 'sitemap.xml']));
    expect(readFileSync(join(dist, 'sitemap.xml'), 'utf8')).toBe(sitemapXml('https://creator.example'));
    expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).toBe(robotsTxt('https://creator.example'));
  });
});
