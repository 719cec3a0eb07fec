import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';

test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`404 has no serious or critical axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/definitely-missing');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('a screen whose file cannot be fetched says so, with a reload and a way home; back, the page before renders', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The terms page's code is lost on the way (a dropped connection, a file gone in a deploy).
  await page.route(/\/assets\/TermsPage-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: /terms/i }).first().click();
  await expect(page.getByRole('alert')).toContainText("This page didn't finish loading. Check your connection, then reload it.");
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
