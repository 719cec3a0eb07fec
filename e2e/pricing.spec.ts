import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';

const cardCodes = (page: Page) => page.getByTestId('state-card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.code));

test('search, sort and a card link into the wizard', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByTestId('state-card')).toHaveCount(51);
  await expect(page.getByRole('table')).toContainText('Florida');
  await expect(page.getByRole('heading', { name: "What's included" })).toBeVisible();

  const search = page.getByLabel('Search states');
  await search.fill('new');
  await expect(page.getByTestId('state-card')).toHaveCount(4);
  await search.fill('TX');
  await expect(page.getByTestId('state-card')).toHaveCount(1);
  await search.fill('Narnia');
  await expect(page.getByText('No states found matching "Narnia"')).toBeVisible();
  await search.fill('');

  await page.getByLabel('Sort by').selectOption('totalCost');
  const totals = await page
    .getByTestId('state-card')
    .evaluateAll((cards) => cards.map((c) => Number(c.querySelector('p.text-3xl')?.textContent?.replace(/[$,]/g, ''))));
  expect(totals).toEqual([...totals].sort((a, b) => a - b));
  await page.getByLabel('Sort by').selectOption('name');
  const names = await cardCodes(page);
  expect(names[0]).toBe('AL');

  await page.getByRole('link', { name: 'Start in Texas' }).click();
  await expect(page).toHaveURL(/\/wizard\/?(1)?\?state=TX$/);
});

for (const width of [375, 1280]) {
  test(`pricing has no serious or critical axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/pricing');
    await expect(page.getByTestId('state-card').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/pricing-${width}.png`, fullPage: true });
  });
}
