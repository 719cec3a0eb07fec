import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';

interface StatePrice {
  code: string;
  totalCost: number;
}

/** The part below the fold loads as the visitor scrolls: walk down the page to the footer. */
async function scrollThrough(page: Page) {
  // "How it works" is part of the first view; the rest loads once the visitor scrolls past it.
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(page.locator('#key-points')).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  for (const id of ['how-it-works', 'key-points', 'example-savings', 'calculator', 'testimonials', 'faq', 'get-started']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  }
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
}

test('renders every landing section, header and footer', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'CreatorLLC home' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/wizard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#hero').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/wizard');

  await scrollThrough(page);
  for (const title of ['Form Your LLC', 'Create Content', 'Deduct Everything']) await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.locator('#key-points').getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/wizard');
  const example = page.locator('#example-savings');
  await expect(example).toContainText('$120,000');
  await expect(example).toContainText('$25,000');
  await expect(example).toContainText('$95,000');
  await expect(example).toContainText('$6,250');
  const calculator = page.locator('#calculator');
  for (const label of [
    'Annual Income ($)',
    'Clothing & Styling',
    'Meals & Entertainment',
    'Equipment & Tech',
    'Travel & Transportation',
    'Conferences & Events',
    'Other Business Expenses',
  ]) {
    await expect(calculator.getByLabel(label)).toBeVisible();
  }
  await expect(page.locator('#testimonials figure')).toHaveCount(3);
  await expect(page.locator('#testimonials').getByRole('link')).toHaveAttribute('href', '/wizard');
  const cta = page.locator('#get-started');
  await expect(cta.getByRole('link', { name: 'Create my LLC now' })).toHaveAttribute('href', '/wizard');
  await expect(cta.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© 2024');
  await expect(footer).toContainText('no tax, legal or accounting advice');
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(footer.getByRole('link', { name: 'State Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(footer.getByRole('link', { name: 'Form Your LLC' })).toHaveAttribute('href', '/wizard');
  // The legal pages are real pages (docs/product.md "Legal pages").
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
});

test('the how-it-works anchor scrolls to the section', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('banner').getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/\/#how-it-works$/);
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport();
});

test('metadata and the structured-data price come from the pricing data', async ({ page, request }) => {
  const states = (await (await request.get('/api/states')).json()) as StatePrice[];
  const lowest = Math.min(...states.map((s) => s.totalCost));
  await page.goto('/');
  await expect(page).toHaveTitle(/CreatorLLC/);
  for (const selector of [
    'meta[name="description"]',
    'meta[name="keywords"]',
    'meta[property="og:title"]',
    'meta[property="og:description"]',
    'meta[property="og:type"]',
    'meta[name="twitter:card"]',
  ]) {
    await expect(page.locator(selector)).toHaveAttribute('content', /\S/);
  }
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd.offers.price).toBe(String(lowest));
  expect(jsonLd.offers.priceCurrency).toBe('USD');
  await expect(page.getByTestId('hero-price')).toContainText(`From $${lowest} all in`);
});

test('the calculator: 120,000 income and 2,000 a month gives $24,000 and $6,000', async ({ page }) => {
  await page.goto('/#calculator');
  const calculator = page.locator('#calculator');
  await expect(calculator.getByText('Calculating savings...')).toHaveCount(0);
  await expect(calculator.getByTestId('calculator-result')).toHaveCount(0);
  await calculator.getByLabel('Annual Income ($)').fill('120000');
  await calculator.getByLabel('Clothing & Styling').fill('500');
  await calculator.getByLabel('Meals & Entertainment').fill('300');
  await calculator.getByLabel('Equipment & Tech').fill('700');
  await calculator.getByLabel('Travel & Transportation').fill('250');
  await calculator.getByLabel('Conferences & Events').fill('150');
  await calculator.getByLabel('Other Business Expenses').fill('100');
  await expect(calculator.getByTestId('calculator-annual')).toHaveText('$24,000');
  await expect(calculator.getByTestId('calculator-savings')).toHaveText('$6,000');
  await expect(calculator.getByTestId('calculator-result')).toContainText('$2,000');
  await expect(calculator.getByTestId('calculator-result')).toContainText('25%');
});

for (const width of [375, 1280]) {
  test(`landing has no serious or critical axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await scrollThrough(page);
    await expect(page.locator('#calculator')).toBeVisible();
    await expectNoSeriousViolations(page);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/landing-${width}.png`, fullPage: true });
  });
}
