import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, holderHeaders, wizardData } from './holder.ts';

/**
 * Checkout and success in local test mode (no Stripe key: the offline test-card form).
 * Applications are made through the wizard's API, as a visitor finishing the wizard would.
 */
const SHOTS = 'test-results/screens';
mkdirSync(SHOTS, { recursive: true });

function submittedApplication(request: APIRequestContext, over: Record<string, unknown> = {}): Promise<string> {
  return createSubmitted(request, wizardData(over));
}

// The web server answers /api/states before its tables are configured: wait for a data route.
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$/ });

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('10001');
}

test('pays with the 4242 test card after adding expedited filing, and the application is paid', async ({ page, request }) => {
  // Texas sells expedited processing: our $75 plus its $50 "Standard Expedited" tier.
  const id = await submittedApplication(request, { state: 'TX' });
  await asHolder(page, id);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/checkout?applicationId=${id}`);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$450');
  await expect(payButton(page)).toHaveText('Pay $450');
  await expect(page.getByText('Test mode: no real charge.')).toBeVisible();
  await expect(page.getByTestId('processing-time')).toContainText('Texas publishes no standard processing time');

  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/llc-applications/${id}`) && r.request().method() === 'PATCH');
  await page.getByRole('switch', { name: /Expedited filing/ }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('order-total')).toHaveText('$575');
  await expect(payButton(page)).toHaveText('Pay $575');
  await expect(page.getByText('State expedite fee (Standard Expedited)')).toBeVisible();
  await expect(page.getByTestId('processing-time')).toContainText('typically within 2-3 business days');
  const app = await (await request.get(`/api/llc-applications/${id}`, { headers: holderHeaders(id) })).json();
  expect(app.application.expeditedFiling).toBe(true);

  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/checkout-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/checkout-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await fillCard(page, '4242 4242 4242 4242');
  await payButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/success\\?provider=stripe&applicationId=${id}`));
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/We file within 1-2 business days of receiving your filing details; the state then takes its own time/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

  const status = await (await request.get(`/api/payment-status/${id}`, { headers: holderHeaders(id) })).json();
  expect(status).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 57500 });

  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/success-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/success-375.png`, fullPage: true });
});

test('the decline card shows Payment Failed and nothing is paid', async ({ page, request }) => {
  const id = await submittedApplication(request);
  await asHolder(page, id);
  await page.goto(`/checkout?applicationId=${id}`);
  await fillCard(page, '4000 0000 0000 0002');
  await payButton(page).click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);
  const status = await (await request.get(`/api/payment-status/${id}`, { headers: holderHeaders(id) })).json();
  expect(status.paymentStatus).toBe('failed');
});

test('without an application: Missing Application, then the wizard after about 2 s', async ({ page }) => {
  // Both moments are taken in the page (when the notice is in the DOM, when the app navigates), so
  // a slow test runner noticing either late does not change the figure.
  await page.addInitScript(() => {
    const w = window as unknown as { shownAt?: number; navigatedAt?: number };
    new MutationObserver(() => {
      if (w.shownAt === undefined && document.body?.textContent?.includes('No application found. Redirecting to wizard...')) w.shownAt = performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        if (w.navigatedAt === undefined && /\/wizard/.test(String(args[2] ?? ''))) w.navigatedAt = performance.now();
        return original(...args);
      };
    }
  });
  await page.goto('/checkout');
  await expect(page.getByText('Missing Application')).toBeVisible();
  await expect(page.getByText('No application found. Redirecting to wizard...')).toBeVisible();
  await page.waitForURL(/\/wizard(\/1)?$/, { timeout: 30_000 });
  const { shownAt, navigatedAt } = await page.evaluate(() => {
    const w = window as unknown as { shownAt: number; navigatedAt: number };
    return { shownAt: w.shownAt, navigatedAt: w.navigatedAt };
  });
  const waited = navigatedAt - shownAt;
  expect(waited).toBeGreaterThan(1500);
  expect(waited).toBeLessThan(4000);
});

test('only available tabs are shown: locally the card alone, and nothing "coming soon"', async ({ page, request }) => {
  const id = await submittedApplication(request);
  await asHolder(page, id);
  await page.goto(`/checkout?applicationId=${id}`);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Card']);
  await expect(page.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(await page.locator('body').textContent()).not.toMatch(/coming soon/i);
  await expectAxeClean(page);
});

test('the success page for an unpaid application says so, with the way back to checkout', async ({ page, request }) => {
  const id = await submittedApplication(request);
  await asHolder(page, id);
  await page.goto(`/success?provider=stripe&applicationId=${id}`);
  await expect(page.getByRole('heading', { name: 'This application is not paid yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', `/checkout?applicationId=${id}`);
  await expect(page.getByText('Payment successful')).toHaveCount(0);
  await expect(page.getByText(/no need to pay again/)).toHaveCount(0);
});
