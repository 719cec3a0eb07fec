import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANDING_FIRST_VIEW_TEXTS } from '#shared/content/texts/landing-first-view.ts';
import { WIZARD_TEXTS } from '#shared/content/texts/wizard.ts';
import { STATE_PRICING } from '#shared/states.ts';
import viteConfig from '../frontend/vite.config.ts';
import { APP_ROUTES } from '../site/app-routes.ts';
import { siteFileFor } from '../site/pages.ts';
import { BUILT_SHELL } from '../tests/fakes/site-shell.ts';
import { DIST, prerenderSite, STAGING, swapInSite } from './prerender.ts';

/**
 * `npm run build`'s second half: the public pages prerendered into the built site with the
 * built-in texts, whole (nothing left for a script to move into place), and the app shell kept.
 */

const dist = mkdtempSync(join(tmpdir(), 'creator-llc-dist-'));
let files: string[] = [];
const read = (file: string) => readFileSync(join(dist, file), 'utf8');
const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</div>'));

// Whether rendering ran anything in an AsyncLocalStorage: once one runs, Node keeps promise hooks on
// for the rest of the process, and the local server renders these pages in its own process.
const storageRuns = vi.spyOn(AsyncLocalStorage.prototype, 'run');
const storageEnters = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), BUILT_SHELL);
  files = await prerenderSite(dist, 'https://creator.example');
}, 60_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('prerenderSite', () => {
  it('renders without an AsyncLocalStorage, so the process that publishes keeps promises cheap', () => {
    expect(storageRuns).not.toHaveBeenCalled();
    expect(storageEnters).not.toHaveBeenCalled();
  });

  it('writes the app shell and the thirteen pages', () => {
    expect(files).toEqual([
      'app.html',
      'index.html',
      'pricing.html',
      'wizard.html',
      'wizard-2.html',
      'wizard-3.html',
      'wizard-4.html',
      'checkout.html',
      'terms.html',
      'privacy.html',
      'refund-policy.html',
      'order.html',
      'staff-login.html',
      '404.html',
      'robots.txt',
      'sitemap.xml',
    ]);
    expect(read('app.html')).toContain('<div id="root"></div>');
    expect(read('app.html')).not.toContain('rel="canonical"');
  });

  it('the landing page: its texts, below the first view too, in order, with no script inside the page', async () => {
    const html = read('index.html');
    expect(html).toContain(LANDING_FIRST_VIEW_TEXTS['hero.title']);
    expect(html).toContain('id="faq"');
    expect(root(html)).not.toMatch(/<script|hidden id="S:/);
    expect(html).toContain('<link rel="canonical" href="https://creator.example/" />');
    expect(html).not.toContain('https://old.example/');
    // Run twice, it refuses: index.html is a page now, not the shell to render pages from.
    await expect(prerenderSite(dist)).rejects.toThrow(/not Vite's output/);
  });

  it.each([
    ['/wizard/2', 'Creator Profile', WIZARD_TEXTS['step2.title']],
    ['/wizard/3', 'Business Setup', WIZARD_TEXTS['step3.title']],
    ['/wizard/4', 'Review &amp; File', WIZARD_TEXTS['step4.title']],
  ])("%s is served as its step's frame: heading, progress and the form's skeleton, nobody's answers", (path, label, heading) => {
    const html = read(siteFileFor(path, APP_ROUTES).file);
    expect(html).toContain(`<title>${label} · Form your creator LLC</title>`);
    expect(root(html)).toMatch(new RegExp(`<h1[^>]*data-step-heading[^>]*>${heading.replace(/'/g, '&#x27;')}</h1>`));
    expect(root(html)).toMatch(new RegExp(`aria-current="step"[^]*?${label}`));
    expect(root(html)).toContain('aria-label="Application progress"');
    expect(root(html)).toContain('aria-label="Loading the form"');
    // Nothing to type into before the app runs, and nothing of any visitor's application or state.
    expect(root(html)).not.toMatch(/<input|<select|<textarea|\$\d/);
    expect(root(html)).not.toMatch(/<script|hidden id="S:/);
    expect(html).not.toContain('rel="canonical"');
  });

  it('/staff/login is served as its frame: the heading and the form skeleton, no field to type into', () => {
    const html = read(siteFileFor('/staff/login', APP_ROUTES).file);
    expect(html).toContain('<title>Staff login | CreatorLLC</title>');
    expect(root(html)).toMatch(/<h1[^>]*>Staff login<\/h1>/);
    expect(root(html)).toContain('aria-label="Loading the form"');
    expect(root(html)).not.toMatch(/<input|<script/);
    expect(html).not.toContain('rel="canonical"');
  });

  it("the wizard's first step: its frame (heading, progress, the form's skeleton), no field and no state's figures", () => {
    const html = read('wizard.html');
    expect(html).toContain('<title>Basic Info · Form your creator LLC</title>');
    expect(root(html)).toMatch(/<h1[^>]*data-step-heading[^>]*>[^<]*<\/h1>/);
    expect(root(html)).toContain('aria-label="Application progress"');
    expect(root(html)).toContain('aria-label="Loading the form"');
    // The fields, their values and the filing state's box are the app's: they differ by visitor.
    expect(root(html)).not.toMatch(/<input|<select/);
    expect(root(html)).not.toContain('data-testid="pricing-banner"');
    expect(root(html)).not.toMatch(/\$\d/);
    expect(root(html)).not.toMatch(/<script|hidden id="S:/);
    const data = JSON.parse(/id="page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(data.texts.pages).toEqual(['wizard', 'footer']);
    expect(Object.keys(data)).toEqual(['texts', 'gets']);
  });

  it("every page loads the app's script at once: Vite's module entry and the app's preload in the head", () => {
    for (const file of files.filter((f) => f.endsWith('.html') && f !== 'app.html')) {
      const html = read(file);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, file).toMatch(/<script async type="module" crossorigin src="\/assets\/[^"]+"><\/script>/);
      expect(head, file).toMatch(/<link rel="modulepreload" crossorigin (fetchpriority="low" )?href="\/assets\/app-abc.js" \/>/);
      expect(html, file).not.toMatch(/hydrate\.js|data-app=|data-start-if|requestIdleCallback|first-contentful-paint/);
    }
  });

  it("the checkout: its heading and the order's skeleton (the same for every visitor), nothing of any application", () => {
    const html = read('checkout.html');
    expect(html).toContain('<title>Checkout | CreatorLLC</title>');
    expect(root(html)).toMatch(/<h1[^>]*>Checkout<\/h1>/);
    expect(root(html)).toContain('aria-label="Loading your order"');
    expect(root(html)).toContain('100% money-back guarantee');
    // Not the screen of a browser with no application: that one is known only once the app reads the storage.
    expect(root(html)).not.toContain('No application found');
    expect(root(html)).not.toMatch(/<script|hidden id="S:/);
    const data = JSON.parse(/id="page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(data.texts.pages).toEqual(['footer']);
    expect(data.gets).toBeUndefined();
  });

  it('the pricing page: every state card, its own title, and the states it hydrates with', () => {
    const html = read('pricing.html');
    expect(html.match(/data-testid="state-card"/g)).toHaveLength(STATE_PRICING.length);
    expect(html).toContain('<title>LLC pricing by state | CreatorLLC</title>');
    expect(html).toContain('<meta property="og:title" content="LLC pricing by state | CreatorLLC" />');
    const data = JSON.parse(/id="page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(data.gets['/api/states']).toHaveLength(STATE_PRICING.length);
  });

  it('the legal pages: their whole text; the build knows no operator, so they carry no settings and the app reads them', () => {
    for (const [file, title] of [
      ['terms.html', 'Terms of Service'],
      ['privacy.html', 'Privacy Policy'],
      ['refund-policy.html', 'Refund Policy'],
    ]) {
      const html = read(file);
      expect(html).toContain(`<title>${title} | CreatorLLC</title>`);
      expect(root(html), file).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(root(html), file).not.toMatch(/<script|hidden id="S:/);
      const data = JSON.parse(/id="page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
      expect(data.gets, file).toBeUndefined();
    }
    expect(read('terms.html')).toContain('12. Which law applies');
  });

  it("the order page's frame: the same for every order, nothing of one, and the screen's code loaded beside the entry", () => {
    const html = read('order.html');
    expect(html).toContain('<title>Your order | CreatorLLC</title>');
    expect(root(html)).toContain('Opening your order…');
    expect(root(html)).not.toContain('/orders/order');
    expect(root(html)).not.toMatch(/<script|hidden id="S:/);
    expect(html).not.toContain('rel="canonical"');
    const head = html.slice(0, html.indexOf('</head>'));
    // The order is the page's largest paint and waits on this code: the usual priority (docs/decisions/0440).
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/OrderPage-abc.js" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/QueryScope-abc.js" />');
    expect(head).toMatch(/<script async type="module" crossorigin src="[^"]+"><\/script>/);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/app-abc.js" />');
    expect(head).not.toContain('<template');
  });

  it("the wizard's steps and the checkout preload their screen's code; no other page preloads one", () => {
    // Listed in the HTML, the screen's modules are fetched by the parser and found by the app's
    // loader, which then adds no links of its own before the first tap (docs/decisions/0439).
    const screens: Record<string, string> = {
      'order.html': 'OrderPage',
      'wizard.html': 'WizardPage',
      'wizard-2.html': 'WizardPage',
      'wizard-3.html': 'WizardPage',
      'wizard-4.html': 'WizardPage',
      'checkout.html': 'CheckoutPage',
    };
    for (const [file, screen] of Object.entries(screens)) {
      const head = read(file).slice(0, read(file).indexOf('</head>'));
      expect(head, file).toMatch(new RegExp(`<link rel="modulepreload" crossorigin (fetchpriority="low" )?href="/assets/${screen}-abc.js" />`));
      expect(head.match(/rel="modulepreload"/g), file).toHaveLength(3);
      expect(head, file).not.toContain('<template');
    }
    for (const file of files.filter((f) => f.endsWith('.html') && !(f in screens) && f !== 'app.html')) {
      expect(read(file).match(/rel="modulepreload"[^>]*>/g), file).toEqual(['rel="modulepreload" crossorigin href="/assets/app-abc.js" />']);
      expect(read(file), file).not.toContain('<template');
    }
    for (const pattern of ['/orders/:id', '/wizard/:step', '/checkout']) expect(read('app.html')).toContain(`<template data-preloads="${pattern}" `);
  });

  it("a frame that is its page's largest paint asks low priority for the app's code; the others load it as usual", () => {
    // The wizard's and the checkout's frames paint without the app (docs/decisions/0440, 0441).
    const app = (file: string) => /<link rel="modulepreload"[^>]*app-abc\.js[^>]*>/.exec(read(file))?.[0] ?? '';
    for (const file of ['wizard.html', 'wizard-2.html', 'wizard-3.html', 'wizard-4.html', 'checkout.html']) {
      expect(app(file), file).toBe('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-abc.js" />');
    }
    for (const file of ['order.html', 'index.html', 'pricing.html', 'terms.html'])
      expect(app(file), file).toBe('<link rel="modulepreload" crossorigin href="/assets/app-abc.js" />');
  });

  it('the not-found page: not indexed, no canonical address', () => {
    const html = read('404.html');
    expect(html).toContain('Page Not Found');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe('npm run build swaps the complete site in', () => {
  const work = mkdtempSync(join(tmpdir(), 'creator-llc-swap-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const staging = join(work, 'site');
  const site = join(work, 'dist');
  /** The site a previous build left: what must survive any interrupted build. */
  const previousBuild = () => {
    rmSync(site, { recursive: true, force: true });
    mkdirSync(site);
    writeFileSync(join(site, 'app.html'), 'previous build');
    writeFileSync(join(site, 'index.html'), 'previous landing');
  };
  /** What Vite leaves in the staging folder. */
  const viteOutput = (html = BUILT_SHELL) => {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    writeFileSync(join(staging, 'index.html'), html);
  };

  it('Vite writes into the staging folder, never into frontend/dist', () => {
    expect(resolve(import.meta.dirname, '..', 'frontend', viteConfig.build?.outDir ?? '')).toBe(STAGING);
    expect(STAGING).not.toBe(DIST);
    expect(resolve(STAGING).startsWith(resolve(DIST))).toBe(false);
  });

  it('a build stopped during Vite or the prerendering leaves the previous site whole', async () => {
    previousBuild();
    // Vite stopped half-way: the staging folder has no prerendered site.
    viteOutput('<!doctype html><html><head><title>partial');
    await expect(prerenderSite(staging)).rejects.toThrow(/is not Vite's output/);
    expect(() => swapInSite(staging, site)).toThrow(/holds no prerendered site/);
    expect(readFileSync(join(site, 'app.html'), 'utf8')).toBe('previous build');
    expect(readdirSync(site).sort()).toEqual(['app.html', 'index.html']);
  });

  it('a complete build replaces the site whole, leaving no staging or previous folder', async () => {
    previousBuild();
    viteOutput();
    await prerenderSite(staging, 'https://creator.example');
    expect(readFileSync(join(site, 'app.html'), 'utf8')).toBe('previous build');
    swapInSite(staging, site);
    expect(readFileSync(join(site, 'app.html'), 'utf8')).toContain('<div id="root"></div>');
    expect(readFileSync(join(site, 'index.html'), 'utf8')).not.toBe('previous landing');
    expect(readdirSync(work).sort()).toEqual(['dist']);
  });

  it('a swap stopped between its two moves is completed by the next build', async () => {
    previousBuild();
    viteOutput();
    await prerenderSite(staging);
    // Stopped after moving the previous site aside, before moving the new one in.
    renameSync(site, `${staging}-previous`);
    swapInSite(staging, site);
    expect(readFileSync(join(site, 'app.html'), 'utf8')).toContain('<div id="root"></div>');
    expect(readdirSync(work).sort()).toEqual(['dist']);
  });
});
