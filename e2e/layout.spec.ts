import { expect, type Page, test } from '@playwright/test';
import { asHolder, createSubmitted, wizardData } from './holder.ts';
import { showApplications, signInOnPage } from './staff-session.ts';

/**
 * Layout at phone and desktop widths: figures stay inside their tiles, the landing page has no
 * empty band under the hero, toasts never hide the header or sit under a modal's backdrop (and on
 * a phone cover nothing of the page: they take room under the header), and
 * icons keep their size.
 */

let applicationId = '';
// beforeAll runs again in each new worker (after a failure): every run has its own business name.
const businessName = `Lena Layout ${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')} LLC`;

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 60_000 }).toBe(200);
  const wizard = wizardData({
    userId: 'layout-visitor-1',
    firstName: 'Lena',
    lastName: 'Layout',
    email: 'lena@example.com',
    phone: '305-555-0123',
    state: 'TX',
    residenceState: 'TX',
    contentTypes: ['music'],
    platforms: ['twitch'],
    businessName,
    annualIncome: 70000,
    monthlyExpenses: { clothing: 0, meals: 0, equipment: 400, travel: 0, entertainment: 0, other: 0 },
    estimatedSavings: 1200,
  });
  applicationId = await createSubmitted(request, wizard);
});

test('the example savings figures fit inside their tiles at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/#example-savings');
  const figures = page.locator('#example-savings dd');
  await expect(figures).toHaveCount(4);
  for (const dd of await figures.all()) {
    const fit = await dd.evaluate((el) => {
      const tile = el.parentElement!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { text: el.textContent, overflow: el.scrollWidth > el.clientWidth, inside: box.left >= tile.left && box.right <= tile.right };
    });
    expect(fit, `${fit.text} fits its tile`).toMatchObject({ overflow: false, inside: true });
  }
});

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  test(`no empty band under the hero at ${width} px: the next section follows in the first view`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    const heroEnd = await page.getByTestId('hero-price').evaluate((el) => el.getBoundingClientRect().bottom);
    const next = page.locator('#how-it-works h2');
    await expect(next).toBeAttached({ timeout: 3000 });
    const nextTop = await next.evaluate((el) => el.getBoundingClientRect().top);
    expect(nextTop - heroEnd, 'space between the hero text and the next heading').toBeLessThanOrEqual(160);
    expect(nextTop, 'the next heading starts within the first view').toBeLessThan(height);
  });
}

async function toastBox(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]', { hasText: text });
  await expect(toast).toBeVisible();
  // Let the enter animation finish before measuring.
  await page.waitForTimeout(600);
  return (await toast.boundingBox())!;
}

/** Waits until every finite animation and transition on the page has ended (a toast slides in). */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Remembers what the reader sees now: the controls and the page's text (in `main`) on screen below
 * the header. underToast then checks those (what was already hidden under the header may show
 * under the toast once the content has moved down).
 */
async function rememberVisible(page: Page) {
  await page.evaluate(() => {
    const header = document.querySelector('[data-site-header]')!.getBoundingClientRect();
    const seen = (r: DOMRect) => r.width > 1 && r.height > 1 && r.top >= header.bottom && r.bottom <= window.innerHeight;
    const nodes: Node[] = [];
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (node.textContent?.trim() && [...range.getClientRects()].some(seen)) nodes.push(node);
    }
    (window as unknown as { visibleBefore: Node[] }).visibleBefore = nodes;
  });
}

/**
 * What the showing toast covers: each interactive control on screen and each piece of the page's
 * visible text (in `main`, or what rememberVisible kept) whose box meets the toast's, and whether
 * the toast starts below the header.
 */
async function underToast(page: Page) {
  const toast = page.locator('[data-site-toasts] [data-sonner-toast][data-front="true"]');
  await expect(toast).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-toast-space'))).toBe(true);
  await settled(page);
  return page.evaluate(() => {
    const t = document.querySelector('[data-site-toasts] [data-sonner-toast][data-front="true"]')!.getBoundingClientRect();
    const header = document.querySelector('[data-site-header]')!.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < window.innerHeight && r.bottom > t.top && r.top < t.bottom && r.right > t.left && r.left < t.right;
    const covered: string[] = [];
    const controls = 'a[href], button, input, select, textarea, summary, [role="button"], [role="radio"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      if (el.closest('[data-sonner-toaster]') || getComputedStyle(el).visibility === 'hidden') continue;
      if (meets(el.getBoundingClientRect()))
        covered.push(`control ${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`);
    }
    const remembered = (window as unknown as { visibleBefore?: Node[] }).visibleBefore;
    const texts: Node[] = remembered ?? [];
    if (!remembered) {
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) texts.push(walker.currentNode);
    }
    for (const node of texts) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(meets)) covered.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    return { covered, belowHeader: t.top >= header.bottom, onScreen: t.bottom <= window.innerHeight };
  });
}

test('on a phone a toast takes room under the header: it covers no control and no text of the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/checkout');
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Missing Application' })).toBeVisible();
  expect(await underToast(page)).toEqual({ covered: [], belowHeader: true, onScreen: true });
  await page.screenshot({ path: test.info().outputPath('toast-phone-checkout.png') });
});

test('on a phone a toast raised on a scrolled page moves the content down instead of covering it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // Saving fails while the reader is halfway down the form: the toast comes mid-page.
  await page.route('**/api/llc-applications**', (route) =>
    route.request().method() === 'GET'
      ? route.fallback()
      : route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal error', code: 'internal' }) }),
  );
  await page.goto('/wizard/1');
  // The served page is hydrated (its answers reach storage) before the reader scrolls: the step's
  // own scroll to the top has run by then.
  await page.getByLabel('First name').fill('Maya');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('wizardData') ?? '{}').firstName)).toBe('Maya');
  await page.evaluate(() => window.scrollTo({ top: 240, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(240);
  // Typed without scrolling (every field is on screen): the save 2 s later fails.
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill('maya@example.com');
  await page.getByLabel('Phone').fill('305-555-0147');
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(240);
  await rememberVisible(page);
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Failed to save your application' })).toBeVisible();
  expect(await underToast(page)).toEqual({ covered: [], belowHeader: true, onScreen: true });
  // The page did not jump: it is still scrolled where the reader was; the content moved down under the toast.
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(240);
  await page.screenshot({ path: test.info().outputPath('toast-phone-scrolled.png') });
  // Dismissed, the room goes too.
  await page.locator('[data-site-toasts] [data-sonner-toast] [data-close-button]').first().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-toast-space'))).toBe(false);
});

test('a toast raised inside the staff modal shows above its backdrop', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInOnPage(page);
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${businessName}` }).click();
  const dialog = page.getByRole('dialog', { name: businessName });
  await dialog.getByLabel('Notes').fill('Checked the name.');
  await dialog.getByRole('button', { name: 'Save notes' }).click();
  const box = await toastBox(page, 'Notes Saved');
  const onTop = await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[data-sonner-toast]')), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(onTop, 'the toast is the topmost element at its centre').toBe(true);
});

test('the checkout lock icon keeps its size at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await asHolder(page, applicationId);
  await page.goto(`/checkout?applicationId=${applicationId}`);
  const icon = page.locator('p', { hasText: 'Payments are encrypted' }).locator('svg');
  await expect(icon).toBeVisible();
  const box = (await icon.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(16);
  expect(box.height).toBeGreaterThanOrEqual(16);
});
