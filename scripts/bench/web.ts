import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS as CHROME_FLAGS, CHROMIUM_PATH as CHROMIUM } from '../chromium.ts';
import { startRuntime } from '../local/runtime.ts';
import { freePort } from '../local/services.ts';
import { buildSiteIfStale } from '../local/site-build.ts';
import { type BenchRow, printTable } from './table.ts';

/**
 * `npm run bench:web`: the built site served by the local runtime, measured as a visitor's
 * browser sees it. For each page: the gzip bytes of JavaScript and CSS downloaded on first view
 * (Debian chromium through Playwright, a fresh profile, a phone-sized viewport, until the network
 * is idle), then Lighthouse (mobile defaults) WEB_BENCH_RUNS times (default 3), median taken.
 */
export const PAGES = ['/', '/pricing', '/wizard/1', '/checkout', '/staff/login'] as const;
export const LANDING_JS_BUDGET_KB = 95;
export const PERFORMANCE_BUDGET = 0.95;
export const CLS_BUDGET = 0.02;
export const ACCESSIBILITY_BUDGET = 0.95;

const root = join(import.meta.dirname, '../..');
const distDir = join(root, 'frontend/dist');
/** 1 KB = 1000 bytes, as Vite prints them. */
const kb = (bytes: number) => bytes / 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface FirstView {
  jsBytes: number;
  cssBytes: number;
  jsFiles: number;
}

/** Bytes on the wire (gzip as served) of every script and stylesheet the first view downloads. */
async function measureFirstViews(baseUrl: string): Promise<Map<string, FirstView>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const out = new Map<string, FirstView>();
  try {
    for (const path of PAGES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const pending: Promise<void>[] = [];
      const view: FirstView = { jsBytes: 0, cssBytes: 0, jsFiles: 0 };
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(
          request.sizes().then((sizes) => {
            if (type === 'script') {
              view.jsBytes += sizes.responseBodySize;
              view.jsFiles += 1;
            } else view.cssBytes += sizes.responseBodySize;
          }),
        );
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await Promise.all(pending);
      out.set(path, view);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

async function runLighthouse(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

/** Runs the web benchmark and returns its rows (used by `npm run bench` for the combined table). */
export async function benchWeb(runs = Number(process.env.WEB_BENCH_RUNS ?? 3)): Promise<BenchRow[]> {
  buildSiteIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-bench-web-'));
  const runtime = await startRuntime({ port: 0, dataDir, distDir, dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT, staffPassword: 'bench-web-password' });
  const rows: BenchRow[] = [];
  let chrome: Browser | undefined;
  try {
    const firstViews = await measureFirstViews(runtime.url);
    // Lighthouse drives its own tabs over the DevTools protocol port of a headless chromium.
    const debugPort = await freePort();
    chrome = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', `--remote-debugging-port=${debugPort}`, ...CHROME_FLAGS] });
    for (const path of PAGES) {
      const view = firstViews.get(path)!;
      const isLanding = path === '/';
      rows.push({
        area: `web ${path}`,
        metric: `JS on first view (gzip, ${view.jsFiles} files)`,
        value: `${kb(view.jsBytes).toFixed(1)} KB`,
        budget: isLanding ? `≤ ${LANDING_JS_BUDGET_KB} KB` : '-',
        ok: !isLanding || kb(view.jsBytes) <= LANDING_JS_BUDGET_KB,
      });
      rows.push({ area: `web ${path}`, metric: 'CSS on first view (gzip)', value: `${kb(view.cssBytes).toFixed(1)} KB`, budget: '-', ok: true });

      const figures: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) figures.push(await runLighthouse(`${runtime.url}${path}`, debugPort));
      const m = (pick: (f: LighthouseFigures) => number) => median(figures.map(pick));
      const perf = m((f) => f.performance);
      const cls = m((f) => f.cls);
      const a11y = m((f) => f.accessibility);
      const label = `Lighthouse mobile, median of ${runs}`;
      rows.push(
        { area: `web ${path}`, metric: `performance (${label})`, value: perf.toFixed(2), budget: `≥ ${PERFORMANCE_BUDGET}`, ok: perf >= PERFORMANCE_BUDGET },
        { area: `web ${path}`, metric: 'LCP', value: `${Math.round(m((f) => f.lcpMs))} ms`, budget: '-', ok: true },
        { area: `web ${path}`, metric: 'CLS', value: cls.toFixed(3), budget: `≤ ${CLS_BUDGET}`, ok: cls <= CLS_BUDGET },
        { area: `web ${path}`, metric: 'TBT', value: `${Math.round(m((f) => f.tbtMs))} ms`, budget: '-', ok: true },
        { area: `web ${path}`, metric: 'accessibility', value: a11y.toFixed(2), budget: `≥ ${ACCESSIBILITY_BUDGET}`, ok: a11y >= ACCESSIBILITY_BUDGET },
      );
    }
  } finally {
    await chrome?.close();
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchWeb();
  printTable(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
