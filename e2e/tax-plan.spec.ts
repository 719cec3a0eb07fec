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
    // $15,000 as a sole proprietor: 2,119 of self-employment tax, no income tax; 90% / 4 = 477.
    await expect(page.getByTestId('quarterly-rule')).toContainText("90% of this year's estimated tax, $1,908 for the year");
    await expect(page.getByTestId('quarterly-instalments')).toContainText('April 15, 2026');
    await expect(page.getByTestId('quarterly-instalments')).toContainText('$477');
    // Last year's $1,000 (AGI $50,000) asks for less: 100% of it, 250 a quarter.
    await page.getByLabel(/Last year's total federal tax/).fill('1000');
    await page.getByLabel(/Last year's adjusted gross income/).fill('50000');
    await expect(page.getByTestId('quarterly-rule')).toContainText("Last year's tax sets the smaller target: 100% of it, $1,000 for the year.");
    await expect(page.getByTestId('quarterly-instalments')).toContainText('January 15, 2027');
    await expect(page.getByTestId('quarterly-instalments')).toContainText('$250');
    // The income map: brand deals of $2,000 expect a 1099-NEC; the total less expenses becomes the profit.
    const map = page.getByTestId('income-map');
    await map.getByLabel(/Brand deals, sponsorships and endorsements/).fill('12000');
    await map.getByLabel(/Viewer tips/).fill('3000');
    await map.getByLabel(/Gifted products you keep/).fill('1000');
    await map.getByLabel(/Business expenses/).fill('6000');
    await expect(page.getByTestId('income-map-total')).toContainText('Income $16,000, less expenses $6,000: profit $10,000.');
    await expect(map).toContainText('At this amount, expect the form.');
    await map.getByRole('button', { name: 'Use as my profit in the plan' }).click();
    await expect(page.getByLabel(/Your yearly profit/)).toHaveValue('10000');
    await expect(page.getByRole('heading', { name: 'When to elect: Form 2553' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
    await page.screenshot({ path: info.outputPath(`tax-plan-${width}.png`), fullPage: true });
  });
}
