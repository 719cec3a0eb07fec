import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { WIZARD_TEXTS } from '#shared/content/texts/wizard.ts';
import { asHolder, createSubmitted, wizardData } from './holder.ts';
import { staffToken } from './staff-session.ts';

/**
 * The landing, pricing, wizard's first step, checkout and not-found pages are prerendered HTML (docs/decisions/0172, 0195):
 * the same for every visitor, readable without JavaScript, with their metadata in the HTML itself,
 * hydrated by the SPA, whose script loads at once; the wizard's first step and the checkout are their
 * frame, into which the app renders what differs by visitor. A text staff publish reaches the HTML,
 * and a visitor never sees the old text first (issue 13, item 17).
 */

const noJs = { javaScriptEnabled: false };

async function headOf(page: Page) {
  return page.evaluate(() => {
    const meta = (sel: string) => document.head.querySelector<HTMLMetaElement>(sel)?.content;
    const ld = document.head.querySelector('script[type="application/ld+json"]')?.textContent;
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href'),
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogUrl: meta('meta[property="og:url"]'),
      robots: meta('meta[name="robots"]'),
      jsonLd: ld ? (JSON.parse(ld) as { offers?: { price?: string } }) : undefined,
    };
  });
}

test.describe('without JavaScript', () => {
  test.use(noJs);

  test('the landing page is all there: every section, the price, the footer and its metadata', async ({ page, baseURL }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('hero-price')).toContainText(/From \$\d+/);
    await expect(page.locator('#how-it-works')).toBeVisible();
    // Below the first view too: what the SPA shows only once scrolled to is in the HTML.
    await expect(page.locator('#faq')).toBeVisible();
    await expect(page.locator('footer')).toContainText('All rights reserved');
    const head = await headOf(page);
    expect(head.title).toBe('CreatorLLC: Form your LLC as a content creator');
    expect(head.description).toMatch(/content creators/);
    expect(head.canonical).toBe(`${baseURL}/`);
    expect(head.ogUrl).toBe(`${baseURL}/`);
    expect(head.ogTitle).toBe(head.title);
    expect(head.ogDescription).toBe(head.description);
    expect(Number(head.jsonLd?.offers?.price)).toBeGreaterThan(0);
    await expect(page.getByTestId('hero-price')).toContainText(`$${head.jsonLd?.offers?.price}`);
  });

  test('the pricing page lists every state with its price, and has its own metadata', async ({ page, baseURL }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('state-card')).toHaveCount(51);
    await expect(page.locator('[data-testid="state-card"][data-code="TX"]')).toContainText('Texas');
    const head = await headOf(page);
    expect(head.title).toBe('LLC pricing by state | CreatorLLC');
    expect(head.description).toMatch(/every US state/);
    expect(head.canonical).toBe(`${baseURL}/pricing`);
    expect(head.ogUrl).toBe(`${baseURL}/pricing`);
    expect(head.ogTitle).toBe(head.title);
  });

  test('an unknown address answers 404 with the not-found page, not indexed', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    const head = await headOf(page);
    expect(head.title).toBe('Page Not Found | CreatorLLC');
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeUndefined();
  });

  test("the wizard's first step is its frame: heading, progress and the form's skeleton, with its own title", async ({ page }) => {
    const res = await page.goto('/wizard/1');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Application progress' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the form' })).toBeVisible();
    await expect(page.getByText('Which state do you live in?')).toBeVisible();
    // The fields and the filing state's figures are the app's.
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByTestId('pricing-banner')).toHaveCount(0);
    expect((await headOf(page)).title).toBe('Basic Info · Form your creator LLC');
  });

  test("the checkout is its heading and the order's skeleton, the same for every visitor", async ({ page }) => {
    const res = await page.goto('/checkout');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading your order' })).toBeVisible();
    await expect(page.getByText('No application found')).toHaveCount(0);
    expect((await headOf(page)).title).toBe('Checkout | CreatorLLC');
  });

  for (const [step, label] of [
    [2, 'Creator Profile'],
    [3, 'Business Setup'],
    [4, 'Review & File'],
  ] as const)
    test(`the wizard's step ${step} is its frame: heading, progress and the step's skeleton (docs/decisions/0416)`, async ({ page }) => {
      const res = await page.goto(`/wizard/${step}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(WIZARD_TEXTS[`step${step}.title`]);
      await expect(page.getByRole('navigation', { name: 'Application progress' })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading the form' })).toBeVisible();
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      expect((await headOf(page)).title).toBe(`${label} · Form your creator LLC`);
    });

  test('the staff sign-in is its frame: heading and the form skeleton, nothing to type into (docs/decisions/0416)', async ({ page }) => {
    const res = await page.goto('/staff/login');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff login' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the form' })).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });

  test('every other screen gets the app shell, not a page rendered for another address', async ({ page }) => {
    const res = await page.goto('/find-order');
    expect(res?.status()).toBe(200);
    expect(await page.locator('#root').innerHTML()).toBe('');
  });

  test("an order's address gets the order page's frame, the same for every order: nothing of one", async ({ page }) => {
    for (const id of ['abc-123', 'def-456']) {
      const res = await page.goto(`/orders/${id}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('status')).toHaveText('Opening your order…');
      expect(await page.locator('#root').innerHTML()).not.toContain(id);
      expect((await headOf(page)).title).toBe('Your order | CreatorLLC');
    }
  });
});

test("the order page's frame hydrates without an error and the app takes over: an order this browser cannot open offers a link", async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('404') && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/orders/0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b');
  await expect(page.getByRole('heading', { level: 1, name: 'Open your order from your email' })).toBeVisible();
  expect(problems).toEqual([]);
});

test("an order's heading paints before the page fetches the code of its forms, calendar and payments", async ({ page, request }) => {
  const data = wizardData();
  const id = await createSubmitted(request, data);
  await asHolder(page, id);
  // When the order's heading enters the page: the moment its first view can paint.
  await page.addInitScript((name) => {
    const seen = new MutationObserver(() => {
      if (document.querySelector('h1')?.textContent === name) {
        (window as unknown as { headingAt: number }).headingAt = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(document, { childList: true, subtree: true, characterData: true });
  }, String(data.businessName));
  await page.goto(`/orders/${id}`);
  // The frame preloads the first view's code only (docs/decisions/0394). Read from the HTML as
  // served: once the sections load, the bundler's loader adds their preload links to the live page.
  const frame = await (await page.request.get(`/orders/${id}`)).text();
  const preloads = await page.evaluate(
    (html) => [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href') ?? ''),
    frame,
  );
  expect(preloads.length).toBeGreaterThan(0);
  expect(preloads.filter((href) => /\/(OrderSections|FilingDetailsForm|zod|pricing|states|due-dates)-/.test(href))).toEqual([]);
  await expect(page.getByRole('heading', { level: 2, name: 'Receipt' })).toBeVisible();
  const { headingAt, sectionsAt } = await page.evaluate(() => ({
    headingAt: (window as unknown as { headingAt?: number }).headingAt,
    sectionsAt: performance.getEntriesByType('resource').find((e) => /\/OrderSections-[^/]*\.js$/.test(e.name))?.startTime,
  }));
  expect(headingAt).toBeDefined();
  expect(sectionsAt).toBeDefined();
  expect(headingAt as number).toBeLessThan(sectionsAt as number);
});

test('the prerendered pages hydrate: no errors, no extra requests, and they work as the SPA', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const api: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && api.push(new URL(r.url()).pathname));
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  // The page carries its texts and the states' pricing: it reads neither again.
  expect(api.filter((p) => p === '/api/content' || p === '/api/states')).toEqual([]);
  await page.getByLabel('Search states').fill('Texas');
  await expect(page.getByTestId('state-card')).toHaveCount(1);
  await page.getByRole('link', { name: 'CreatorLLC home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test("the wizard's first step: the served frame is hydrated for a new and a returning visitor alike, then shows each their own answers", async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  // The served heading is marked as soon as the HTML is parsed, before the app runs: hydration
  // keeps that element, a render from nothing would replace it.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.querySelector('#root h1')?.setAttribute('data-served', ''));
  });
  const servedHeadingKept = () => page.locator('#root h1[data-served]').count();
  await page.goto('/wizard/1');
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Haddad');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('wizardData') ?? '{}').lastName)).toBe('Haddad');
  expect(await servedHeadingKept()).toBe(1);
  // Back later: the same HTML, hydrated again, then the answers in the fields.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Noor');
  await expect(page.getByLabel('Last name')).toHaveValue('Haddad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await servedHeadingKept()).toBe(1);
  expect(problems).toEqual([]);
});

/**
 * The page's cumulative layout shift so far (shifts after a visitor's input excluded, as CLS does),
 * and what moved: each shifted element and its box before and after, for the failure's message.
 */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ value: number; moved: string[] }>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          type Box = { x: number; y: number; width: number; height: number };
          type Source = { node?: Node | null; previousRect: Box; currentRect: Box };
          const shifts = (list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: Source[] }[]).filter((s) => !s.hadRecentInput);
          const box = (r: Box) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          const name = (n?: Node | null) =>
            n instanceof Element
              ? `<${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}> "${(n.textContent ?? '').trim().slice(0, 40)}"`
              : String(n?.nodeName ?? 'a removed node');
          resolve({
            value: shifts.reduce((sum, s) => sum + s.value, 0),
            moved: shifts.flatMap((s) =>
              s.sources.map((src) => `${s.value.toFixed(5)}: ${name(src.node)} ${box(src.previousRect)} -> ${box(src.currentRect)}`),
            ),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer is never called.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve({ value: 0, moved: [] })));
      }),
  );

/** Expects the page's layout shift so far at most `budget`, naming what moved when it is more. */
const expectShiftWithin = async (page: Page, budget: number, where: string) => {
  const { value, moved } = await layoutShift(page);
  expect(value, `${where}; moved: ${moved.join('; ') || 'nothing'}`).toBeLessThanOrEqual(budget);
};

test('a page whose app fails to arrive keeps its frame and says so, and its button reloads the page', async ({ page }) => {
  const app = /\/assets\/app-[^/]*\.js$/;
  await page.route(app, (route) => route.abort());
  await page.goto('/wizard/1');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("This page didn't finish loading. Check your connection, then reload it.");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.unroute(app);
  await alert.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByLabel('First name')).toBeEditable();
  await expect(page.locator('#load-failure')).toHaveCount(0);
});

test("the fields take the skeleton's place without moving anything in the first view, on a phone and a desktop", async ({ browser, baseURL }) => {
  const answers = { firstName: 'Ada', lastName: 'Lovelace', priority: 'privacy', residenceState: 'TX', state: 'WY' };
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ]) {
    for (const saved of [undefined, answers]) {
      const context = await browser.newContext({ baseURL, viewport });
      if (saved)
        await context.addInitScript((a) => {
          if (!localStorage.getItem('wizardData')) localStorage.setItem('wizardData', JSON.stringify(a));
        }, saved);
      const page = await context.newPage();
      await page.goto('/wizard/1');
      await expect(page.getByLabel('First name')).toHaveValue(saved ? 'Ada' : '');
      await expect(page.getByTestId('pricing-banner')).toBeVisible();
      await expectShiftWithin(page, 0.001, `${viewport.width}px, ${saved ? 'returning' : 'new'} visitor`);
      await context.close();
    }
  }
});

test("the later steps' fields and the staff sign-in's form take their frames' place within the CLS budget", async ({ browser, baseURL }) => {
  const saved = wizardData({ contentTypes: ['lifestyle', 'gaming'], platforms: ['instagram', 'youtube'] });
  const shown = {
    2: (page: Page) => expect(page.getByRole('checkbox', { name: 'Lifestyle' })).toBeChecked(),
    3: (page: Page) => expect(page.getByLabel('Business name')).toHaveValue(saved.businessName),
    4: (page: Page) => expect(page.getByText(saved.email, { exact: true })).toBeVisible(),
  };
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ]) {
    for (const step of [2, 3, 4] as const) {
      const context = await browser.newContext({ baseURL, viewport });
      await context.addInitScript((a) => {
        if (!localStorage.getItem('wizardData')) localStorage.setItem('wizardData', JSON.stringify(a));
      }, saved);
      const page = await context.newPage();
      await page.goto(`/wizard/${step}`);
      await shown[step](page);
      await expect(page.getByRole('status', { name: 'Loading the form' })).toHaveCount(0);
      expect(page.url()).toMatch(new RegExp(`/wizard/${step}$`));
      await expectShiftWithin(page, 0.02, `step ${step} at ${viewport.width}px`);
      await context.close();
    }
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await page.goto('/staff/login');
    await expect(page.getByLabel('Email')).toBeEditable();
    await expectShiftWithin(page, 0.001, `staff sign-in at ${viewport.width}px`);
    await context.close();
  }
});

test('the landing page below the first view hydrates when reached: the calculator answers', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/');
  const calculator = page.locator('#calculator');
  const income = calculator.getByLabel('Annual Income ($)');
  // In the HTML from the start, not yet hydrated: nothing of it was downloaded for the first view.
  await expect(income).toBeAttached();
  await income.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const input = document.querySelector('#calculator input');
    return Boolean(input && Object.keys(input).some((k) => k.startsWith('__reactFiber')));
  });
  await income.fill('120000');
  await calculator.getByLabel('Equipment & Tech').fill('2000');
  await expect(calculator.getByTestId('calculator-annual')).toHaveText('$24,000');
});

/** The landing page's hero title as published: its content item, created when none exists yet. */
async function publishHeroTitle(request: APIRequestContext, token: string, text: string): Promise<void> {
  const items = (await (await request.get('/api/content')).json()) as { id: string; page: string; section: string }[];
  const item = items.find((i) => i.page === 'landing' && i.section === 'hero.title');
  const res = item
    ? await request.patch(`/api/content/${item.id}`, { headers: { 'staff-token': token }, data: { content: text } })
    : await request.post('/api/content', { headers: { 'staff-token': token }, data: { page: 'landing', section: 'hero.title', content: text } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a published text is in the HTML, and the landing page never shows the old text first', async ({ page, request }) => {
  const token = await staffToken(request);
  const items = (await (await request.get('/api/content')).json()) as { page: string; section: string; content: string }[];
  const original = items.find((i) => i.page === 'landing' && i.section === 'hero.title')?.content;
  const before = `Old hero ${Date.now()}`;
  const after = `New hero ${Date.now()}`;
  await publishHeroTitle(request, token, before);
  await expect.poll(async () => (await (await request.get('/')).text()).includes(before), { timeout: 15_000 }).toBe(true);
  await publishHeroTitle(request, token, after);
  // The publisher re-renders the page: the new text is in the HTML itself.
  await expect.poll(async () => (await (await request.get('/')).text()).includes(after), { timeout: 15_000 }).toBe(true);
  expect((await (await request.get('/')).text()).includes(before)).toBe(false);

  // Every text the hero title ever shows, from the first node the parser inserts.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { heroTitles: string[] }).heroTitles = seen;
    const record = () => {
      const text = document.querySelector('#hero h1')?.textContent ?? null;
      if (text !== null && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  const titles = await page.evaluate(() => (window as unknown as { heroTitles: string[] }).heroTitles);
  expect(titles).toEqual([after]);

  // The published title back as it was, for the specs after this one on the same server.
  if (original) {
    await publishHeroTitle(request, token, original);
    await expect.poll(async () => (await (await request.get('/')).text()).includes(after), { timeout: 15_000 }).toBe(false);
  }
});

test('the checkout hydrates for a buyer, showing their order, and for a visitor with nothing saved, who is sent to the wizard', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.querySelector('#root h1')?.setAttribute('data-served', ''));
  });
  const id = await createSubmitted(request, wizardData());
  await asHolder(page, id);
  await page.addInitScript((appId) => localStorage.setItem('applicationId', appId), id);
  await page.goto('/checkout');
  await expect(page.getByTestId('order-total')).toBeVisible();
  // Hydrated: the served heading is the one on the page.
  expect(await page.locator('#root h1[data-served]').count()).toBe(1);

  const fresh = await browser.newContext({ baseURL });
  const visitor = await fresh.newPage();
  visitor.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  visitor.on('pageerror', (e) => problems.push(e.message));
  await visitor.goto('/checkout');
  await expect(visitor.getByText('No application found', { exact: true })).toBeVisible();
  await expect(visitor).toHaveURL(/\/wizard\/1$/);
  await fresh.close();
  expect(problems).toEqual([]);
});

test('the checkout replaces its skeleton at once, with its three-year figures: nothing in the first view moves', async ({ browser, baseURL, request }) => {
  // The summary once grew by two lines when its three-year figures arrived after it (CLS 0.034 on a
  // phone); the checkout now waits for them before it replaces its skeleton (docs/decisions/0440).
  const id = await createSubmitted(request, wizardData());
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 412, height: 823 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await asHolder(page, id);
    await page.addInitScript((appId) => localStorage.setItem('applicationId', appId), id);
    await page.goto('/checkout');
    await expect(page.getByTestId('three-year-cost')).not.toHaveAttribute('aria-busy');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expectShiftWithin(page, 0.001, `checkout at ${viewport.width}px`);
    await context.close();
  }
});

test("a link's ?state= never shows another state's figures: the frame until the app runs, then the query's state", async ({ page }) => {
  // Every text the filing state's box shows, sampled at every frame the browser paints.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { banners: string[] }).banners = seen;
    const sample = () => {
      const text = document.querySelector('[data-testid="pricing-banner"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  // The app's code held back: what a visitor sees between the HTML's paint and the app's start.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  const banner = page.getByTestId('pricing-banner');
  // The app's module is part of the document's load now: only the response is waited for.
  await page.goto('/wizard/1?state=TX', { waitUntil: 'commit' });
  await expect(page.getByRole('status', { name: 'Loading the form' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  release();
  await expect(banner).toContainText('Texas');
  await expect(page.getByLabel('First name')).toBeVisible();
  const banners = await page.evaluate(() => (window as unknown as { banners: string[] }).banners);
  expect(banners.length).toBeGreaterThan(0);
  expect(banners.filter((b) => !b.includes('Texas'))).toEqual([]);
});

test("the entry and the app are served with V8's compile hint first; a screen's code is not (docs/decisions/0452)", async ({ request }) => {
  const html = await (await request.get('/orders/0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b')).text();
  const file = (pattern: RegExp) => {
    const path = pattern.exec(html)?.[1];
    if (!path) throw new Error(`no ${pattern} in the order page's HTML`);
    return path;
  };
  const firstLine = async (path: string) => (await (await request.get(path)).text()).split('\n')[0];
  expect(await firstLine(file(/<script[^>]+src="(\/assets\/index-[^"]+\.js)"/))).toBe('//# allFunctionsCalledOnLoad');
  expect(await firstLine(file(/<link rel="modulepreload"[^>]+href="(\/assets\/app-[^"]+\.js)"/))).toBe('//# allFunctionsCalledOnLoad');
  expect(await firstLine(file(/<link rel="modulepreload"[^>]+href="(\/assets\/order-[^"]+\.js)"/))).not.toContain('allFunctionsCalledOnLoad');
});

test('the site serves robots.txt and a sitemap of its public pages at its own address', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const robotsText = await robots.text();
  expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robotsText).toContain('Disallow: /orders/');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toEqual(expect.arrayContaining([`${baseURL}/`, `${baseURL}/pricing`, `${baseURL}/wizard/1`, `${baseURL}/terms`]));
  // Every listed page is one the site serves.
  for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200);
});

test('no first view fetches the toast library: a settled page fetches it, and a toast raised at once waits for it', async ({ page }) => {
  const toastLibrary = /\/assets\/toasts-[^/]*\.js$/;
  const fetched = (p: Page) => p.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  await page.goto('/wizard/1');
  await expect(page.getByLabel('First name')).toBeEditable();
  // The outlet comes a few seconds after the page has opened (lib/toast.ts), never with its first view.
  expect((await fetched(page)).filter((url) => toastLibrary.test(url))).toEqual([]);
  await expect.poll(async () => (await fetched(page)).some((url) => toastLibrary.test(url)), { timeout: 15_000 }).toBe(true);
  await expect(page.locator('[data-site-toasts] section[aria-live]')).toHaveCount(1);

  // The checkout with no application raises its toast as it opens: the library is fetched then, and
  // the toast is shown in the outlet's live region.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/checkout');
  await expect(page.locator('[data-site-toasts] [data-sonner-toast]', { hasText: 'Missing Application' })).toBeVisible();
});
