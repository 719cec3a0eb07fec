import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { RESUME_SECRET_HEADER } from '#shared/api/routes.ts';
import { STORAGE_KEYS } from '../../frontend/src/lib/storage-keys.ts';
import { CHROMIUM_FLAGS as CHROME_FLAGS, CHROMIUM_PATH as CHROMIUM } from '../chromium.ts';
import { dynamodbEndpointSetting, webBenchPagesSetting, webBenchReportsSetting, webBenchRunsSetting } from '../config.ts';
import { startRuntime } from '../local/runtime.ts';
import { freePort } from '../local/services.ts';
import { buildSiteIfStale } from '../local/site-build.ts';
import { serveStatic } from '../local/static.ts';
import { wizardAnswers } from './cost.ts';
import { median } from './lambda.ts';
import { type BenchRow, printTable } from './table.ts';

/**
 * `npm run bench:web`: the built site served by the local runtime (its prerendered pages
 * published with the runtime's texts), measured as a visitor's browser sees it:
 * - the gzip bytes of JavaScript and CSS downloaded on first view (Debian chromium through
 *   Playwright, a fresh profile, a phone-sized viewport, until the network is idle);
 * - Lighthouse (mobile defaults) WEB_BENCH_RUNS times per page (default 3), median taken;
 * - the floor: the landing page's own prerendered HTML with every script removed, served
 *   statically beside the same assets by the same static server, measured by Lighthouse in
 *   the same run, alternating with the landing page: its LCP is what static HTML achieves here.
 *   Both are loaded with devtools throttling (a phone's network and CPU applied to the real load)
 *   for that comparison; the simulated LCP is reported beside it (decision 0391).
 * WEB_BENCH_PAGES=/,/terms measures only those pages.
 * WEB_BENCH_REPORTS=<folder> keeps every Lighthouse report there as JSON.
 * The checkout and the order page are measured as a buyer opens them: with their application (its
 * id and resume secret) in the browser's storage, as the wizard leaves them; without one the
 * checkout is only a notice that sends the visitor to the wizard.
 * Budgets (issue 29 item 4): every public page (landing, pricing, the wizard's first step, the
 * checkout, an order page, the terms) Lighthouse mobile performance >= 0.95 and CLS <= 0.02,
 * medians; landing LCP <= 1.15x the floor's, in the same run; SEO 1.0 on the indexed pages; the
 * landing page's first-view JavaScript.
 */
/** The order page's address stands for any order's: the buyer's application is put in its place. */
const ORDER_PAGE = '/orders/{id}';
export const PAGES = ['/', '/pricing', '/wizard/1', '/checkout', ORDER_PAGE, '/terms'] as const;
/** The pages a search engine lists (site/sitemap.ts), for which the SEO budget holds. */
export const INDEXED_PAGES: readonly string[] = ['/', '/pricing', '/wizard/1', '/terms'];
export const LANDING_JS_BUDGET_KB = 95;
export const LANDING_LCP_FLOOR_RATIO = 1.15;
export const PERFORMANCE_BUDGET = 0.95;
export const SEO_BUDGET = 1;
export const CLS_BUDGET = 0.02;
export const ACCESSIBILITY_BUDGET = 0.95;

const root = join(import.meta.dirname, '../..');
const distDir = join(root, 'frontend/dist');
/** The pages measured with a buyer's application in the browser. */
const BUYER_PAGES: readonly string[] = ['/checkout', ORDER_PAGE];

/** What the wizard leaves in a buyer's browser: the application's id and its resume secret. */
interface Buyer {
  id: string;
  storage: Record<string, string>;
}

/** The address measured for `path`: the order page is the buyer's order's. */
const addressOf = (path: string, buyer: Buyer) => (path === ORDER_PAGE ? `/orders/${buyer.id}` : path);

/** A completed application, made through the API as the wizard makes it. */
async function buyersApplication(baseUrl: string): Promise<Buyer> {
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json() as Promise<{ id: string; resumeSecret: string }>;
  };
  const answers = wizardAnswers('bench-web');
  const { id, resumeSecret } = await call('POST', '/api/llc-applications', {
    userId: answers.userId,
    firstName: answers.firstName,
    state: answers.state,
    currentStep: 1,
  });
  await call('PATCH', `/api/llc-applications/${id}`, { ...answers, currentStep: 4, completed: true }, { [RESUME_SECRET_HEADER]: resumeSecret });
  return { id, storage: { [STORAGE_KEYS.applicationId]: id, [STORAGE_KEYS.resumeSecrets]: JSON.stringify({ [id]: resumeSecret }) } };
}

/** 1 KB = 1000 bytes, as Vite prints them. */
const kb = (bytes: number) => bytes / 1000;

interface FirstView {
  jsBytes: number;
  cssBytes: number;
  jsFiles: number;
}

/** Bytes on the wire (gzip as served) of every script and stylesheet the first view downloads. */
async function measureFirstViews(baseUrl: string, buyer: Buyer): Promise<Map<string, FirstView>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const out = new Map<string, FirstView>();
  try {
    for (const path of PAGES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      if (BUYER_PAGES.includes(path))
        await context.addInitScript((entries) => {
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        }, buyer.storage);
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
      await page.goto(`${baseUrl}${addressOf(path, buyer)}`, { waitUntil: 'networkidle' });
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
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The audits of the SEO category that did not pass, for the notes. */
  seoFailures: string[];
}

/**
 * Lighthouse on `url`. With `buyer`, the buyer's storage is placed in the profile first, and
 * Lighthouse keeps it (it would clear the origin's storage): the browser's cache is cleared here
 * instead, as Lighthouse clears it, so the page still loads cold.
 */
async function runLighthouse(
  url: string,
  port: number,
  chrome: BrowserContext,
  buyer?: Buyer,
  throttling: 'simulate' | 'devtools' = 'simulate',
): Promise<LighthouseFigures> {
  if (buyer) {
    const page = await chrome.newPage();
    // A file of the same origin that runs no script of the site: the storage is set, nothing else loaded.
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, buyer.storage);
    await (await chrome.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.close();
  }
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
    disableStorageReset: Boolean(buyer),
    throttlingMethod: throttling,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
  // WEB_BENCH_REPORTS=<folder> keeps each run's report, to see where a page's time goes.
  const reports = webBenchReportsSetting();
  if (reports) {
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-')}${throttling}-${Date.now()}.json`;
    writeFileSync(join(reports, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const seoRefs = lhr.categories.seo?.auditRefs ?? [];
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    seo: lhr.categories.seo?.score ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    seoFailures: seoRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id),
  };
}

const runsMs = (list: LighthouseFigures[]) => list.map((f) => Math.round(f.lcpMs)).join(', ');

/** The landing page's HTML without its scripts (and the module preloads that fetch them): static HTML. */
export function floorHtml(landing: string): string {
  return landing.replace(/<script\b[\s\S]*?<\/script>\s*/g, '').replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}

/** The floor page: the landing page's HTML without scripts, served by the same static server beside the same assets. */
async function startFloor(landing: string): Promise<{ url: string; server: Server; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'creator-llc-floor-'));
  writeFileSync(join(dir, 'index.html'), floorHtml(landing));
  symlinkSync(join(distDir, 'assets'), join(dir, 'assets'), 'dir');
  const server = createServer((req, res) => serveStatic(dir, req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, server, dir };
}

/**
 * The app's entry script as the built shell names it (every page evaluates it before the first
 * tap, docs/decisions/0423): its bytes raw and gzipped at level 9.
 */
export function entryBundle(dir = distDir): { file: string; rawBytes: number; gzipBytes: number } {
  const src = /<script type="module"[^>]*src="\/?([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];
  if (!src) throw new Error('no module script in index.html');
  const bytes = readFileSync(join(dir, src));
  return { file: src, rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

/** Runs the web benchmark and returns its rows (used by `npm run bench` for the combined table). */
export async function benchWeb(runs = Number(webBenchRunsSetting() ?? 3)): Promise<BenchRow[]> {
  buildSiteIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-bench-web-'));
  mkdirSync(dataDir, { recursive: true });
  const runtime = await startRuntime({ port: 0, dataDir, distDir, dynamodbEndpoint: dynamodbEndpointSetting(), staffPassword: 'bench-web-password' });
  const entry = entryBundle();
  const rows: BenchRow[] = [
    {
      area: 'web',
      metric: 'entry bundle (index-*.js), evaluated on every page',
      value: `${kb(entry.rawBytes).toFixed(1)} KB raw, ${kb(entry.gzipBytes).toFixed(1)} KB gzip`,
      budget: '-',
      ok: true,
    },
  ];
  let chrome: BrowserContext | undefined;
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    floor = await startFloor(await (await fetch(`${runtime.url}/`)).text());
    const buyer = await buyersApplication(runtime.url);
    const firstViews = await measureFirstViews(runtime.url, buyer);
    // Lighthouse drives its own tabs over the DevTools protocol port of a headless chromium, in the
    // profile's own context, where the buyer's storage can be placed for it.
    const debugPort = await freePort();
    chrome = await chromium.launchPersistentContext(join(dataDir, 'chromium-profile'), {
      executablePath: CHROMIUM,
      args: ['--headless=new', `--remote-debugging-port=${debugPort}`, ...CHROME_FLAGS],
    });
    const label = `Lighthouse mobile, median of ${runs}`;
    const only = webBenchPagesSetting();
    for (const path of PAGES.filter((p) => !only || only.split(',').includes(p))) {
      const view = firstViews.get(path) as FirstView;
      const isLanding = path === '/';
      const isIndexed = INDEXED_PAGES.includes(path);
      const forBuyer = BUYER_PAGES.includes(path);
      rows.push({
        area: `web ${path}`,
        metric: `JS on first view (gzip, ${view.jsFiles} files)`,
        value: `${kb(view.jsBytes).toFixed(1)} KB`,
        budget: isLanding ? `≤ ${LANDING_JS_BUDGET_KB} KB` : '-',
        ok: !isLanding || kb(view.jsBytes) <= LANDING_JS_BUDGET_KB,
      });
      rows.push({ area: `web ${path}`, metric: 'CSS on first view (gzip)', value: `${kb(view.cssBytes).toFixed(1)} KB`, budget: '-', ok: true });

      // The landing page alternates with its floor, so both see the same machine. Their LCPs are
      // compared loaded at a phone's network and CPU speed (devtools throttling), not simulated
      // (docs/decisions/0391-landing-lcp-against-its-floor-under-devtools-throttling.md).
      const figures: LighthouseFigures[] = [];
      const floorFigures: LighthouseFigures[] = [];
      const throttledFigures: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) {
        if (isLanding) {
          floorFigures.push(await runLighthouse(floor.url, debugPort, chrome, undefined, 'devtools'));
          throttledFigures.push(await runLighthouse(`${runtime.url}/`, debugPort, chrome, undefined, 'devtools'));
        }
        figures.push(await runLighthouse(`${runtime.url}${addressOf(path, buyer)}`, debugPort, chrome, forBuyer ? buyer : undefined));
      }
      const m = (list: LighthouseFigures[], pick: (f: LighthouseFigures) => number) => median(list.map(pick));
      const perf = m(figures, (f) => f.performance);
      const cls = m(figures, (f) => f.cls);
      const a11y = m(figures, (f) => f.accessibility);
      const seo = m(figures, (f) => f.seo);
      const lcp = m(figures, (f) => f.lcpMs);
      const seoFailures = [...new Set(figures.flatMap((f) => f.seoFailures))];
      const measured = forBuyer ? `${label}, a buyer's: their application in the browser` : label;
      // Every run's score beside the median: the run-to-run noise on a shared machine.
      const each = figures.map((f) => f.performance.toFixed(2)).join(', ');
      rows.push({
        area: `web ${path}`,
        metric: `performance (${measured}; runs ${each})`,
        value: perf.toFixed(2),
        budget: `≥ ${PERFORMANCE_BUDGET}`,
        ok: perf >= PERFORMANCE_BUDGET,
      });
      if (isLanding) {
        const floorLcp = m(floorFigures, (f) => f.lcpMs);
        const throttledLcp = m(throttledFigures, (f) => f.lcpMs);
        const ratio = throttledLcp / floorLcp;
        rows.push(
          { area: 'web /', metric: `LCP, simulated (runs ${runsMs(figures)})`, value: `${Math.round(lcp)} ms`, budget: '-', ok: true },
          {
            area: 'web /',
            metric: `LCP, devtools throttling (runs ${runsMs(throttledFigures)})`,
            value: `${Math.round(throttledLcp)} ms`,
            budget: '-',
            ok: true,
          },
          {
            area: 'web /',
            metric: `floor LCP, devtools throttling (the same HTML, no scripts; runs ${runsMs(floorFigures)})`,
            value: `${Math.round(floorLcp)} ms`,
            budget: '-',
            ok: true,
          },
          {
            area: 'web /',
            metric: 'LCP / floor LCP',
            value: `${ratio.toFixed(2)}x`,
            budget: `≤ ${LANDING_LCP_FLOOR_RATIO}x`,
            ok: ratio <= LANDING_LCP_FLOOR_RATIO,
          },
        );
      } else rows.push({ area: `web ${path}`, metric: 'LCP', value: `${Math.round(lcp)} ms`, budget: '-', ok: true });
      rows.push(
        { area: `web ${path}`, metric: 'CLS', value: cls.toFixed(3), budget: `≤ ${CLS_BUDGET}`, ok: cls <= CLS_BUDGET },
        { area: `web ${path}`, metric: 'TBT', value: `${Math.round(m(figures, (f) => f.tbtMs))} ms`, budget: '-', ok: true },
        {
          area: `web ${path}`,
          metric: `SEO${seoFailures.length ? ` (not passed: ${seoFailures.join(', ')})` : ''}`,
          value: seo.toFixed(2),
          budget: isIndexed ? `${SEO_BUDGET.toFixed(1)}` : '-',
          ok: !isIndexed || seo >= SEO_BUDGET,
        },
        { area: `web ${path}`, metric: 'accessibility', value: a11y.toFixed(2), budget: `≥ ${ACCESSIBILITY_BUDGET}`, ok: a11y >= ACCESSIBILITY_BUDGET },
      );
    }
  } finally {
    await chrome?.close();
    floor?.server.close();
    if (floor) rmSync(floor.dir, { recursive: true, force: true });
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
