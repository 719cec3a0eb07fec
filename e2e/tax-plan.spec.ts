import { expect, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';

for (const width of [320, 375, 1280]) {
  test(`the tax planner at ${width} px: the comparison, break-even and no axe violation, nothing wider than the screen`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/tax-plan');
    await expect(page.getByRole('heading', { level: 1, name: 'Does an LLC save you tax?' })).toBeVisible();
    const profit = page.getByLabel(/Your yearly profit/);
    await profit.fill('100000');
    // shared/tax-plan.test.ts: $100,000 single at a 40% salary saves $4,820 with the default costs.
    await expect(page.getByTestId('tax-plan-verdict')).toContainText('save you about $4,820 a year');
    await expect(page.getByTestId('tax-plan-verdict')).toContainText('starts to pay from about');
    await profit.fill('15000');
    await expect(page.getByTestId('tax-plan-verdict')).toContainText('cost you about');
    await expect(page.getByRole('heading', { name: 'When to elect: Form 2553' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
    await page.screenshot({ path: info.outputPath(`tax-plan-${width}.png`), fullPage: true });
  });
}
