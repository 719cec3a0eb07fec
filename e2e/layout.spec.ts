import { expect, type Page, test } from '@playwright/test';
import { asHolder, createSubmitted, wizardData } from './holder.ts';
import { showApplications, signInOnPage } from './staff-session.ts';

/**
 * Layout at phone and desktop widths: figures stay inside their tiles, the landing page has no
 * empty band under the hero, toasts never hide the header or sit under a modal's backdrop, and
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

test('a toast on a phone covers neither the sticky header nor the top of the content', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/checkout');
  const box = await toastBox(page, 'Missing Application');
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(box.y, 'toast top').toBeGreaterThanOrEqual(header.y + header.height);
  // It rises from the bottom edge: the page's heading and first lines stay readable.
  const heading = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
  expect(box.y, 'toast top, below the heading').toBeGreaterThan(heading.y + heading.height);
  expect(box.y + box.height, 'toast bottom, on screen').toBeLessThanOrEqual(812);
  expect(box.y, 'toast in the lower half').toBeGreaterThan(812 / 2);
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
