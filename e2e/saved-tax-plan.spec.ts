import { expect, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, payWithTestCard, wizardData } from './holder.ts';

/**
 * The tax plan saved on an order (docs/product.md "Tax planner"): the planner opened from the
 * order page saves the creator's figures with the order, and the order's calendar then carries
 * the quarterly amounts the server computed, with the safe harbour in words; the year-end
 * summary for a preparer is in the documents.
 */
test('a creator saves a tax plan from the order page and sees the quarterly amounts on the calendar, at 375 px', async ({ page, request }, info) => {
  const data = wizardData({ state: 'WY', residenceState: 'WY' });
  const id = await createSubmitted(request, data);
  await payWithTestCard(request, id);
  await asHolder(page, id);
  await page.setViewportSize({ width: 375, height: 800 });

  await page.goto(`/orders/${id}`);
  const taxes = page.getByTestId('order-tax-plan');
  await expect(taxes).toBeVisible();
  // Before a plan is saved, the estimated-tax dates say so and point to the planner.
  const q4 = page.locator('[data-testid="calendar-event"][data-kind="estimated-tax"]').filter({ hasText: '4th quarter 2026' });
  await q4.getByText('What to do').click();
  await expect(q4).toContainText('No tax plan is saved on your order');
  await taxes.getByRole('link', { name: /save your quarterly tax plan/ }).click();

  await expect(page).toHaveURL(new RegExp(`/orders/${id}/tax-plan$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Does an LLC save you tax?' })).toBeVisible();
  // The wizard's $80,000 less $450 a month of expenses.
  await expect(page.getByLabel(/Your yearly profit/)).toHaveValue('74600');
  await page.getByLabel(/Your yearly profit/).fill('60000');
  const map = page.getByTestId('income-map');
  await map.getByLabel(/Brand deals, sponsorships and endorsements/).fill('40000');
  await map.getByLabel(/Platform payouts/).fill('24000');
  await map.getByLabel(/Business expenses/).fill('4000');
  await expect(map).toContainText('a PDF in your order’s documents');
  const save = page.getByTestId('save-plan');
  await save.getByRole('button', { name: 'Save this plan to my order' }).click();
  // shared/tax-plan.test.ts: $60,000 single is $12,037 of tax; 90% of it in four parts, rounded up.
  await expect(page.getByTestId('save-plan-notice')).toContainText('Saved. Your calendar now shows $2,709 by April 15, 2026');
  await expect(save).toContainText('Last saved on');
  await expectAxeClean(page);
  await save.screenshot({ path: info.outputPath('saved-tax-plan-planner-375.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await save.getByRole('link', { name: 'Back to my order' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  const savedPlan = page.getByTestId('saved-tax-plan');
  await expect(savedPlan).toContainText('$60,000 of profit');
  await expect(savedPlan).toContainText('$2,709');
  await expect(savedPlan).toContainText('Safe harbour: the four payments together reach 90% of your estimated 2026 federal tax');
  await expect(q4).toContainText('Federal estimated tax, 4th quarter 2026: pay $2,709');
  await q4.getByText('What to do').click();
  await expect(q4).toContainText('Your saved tax plan: pay $2,709 by January 15, 2027');
  await expect(page.getByRole('region', { name: 'Documents' })).toContainText('Year-end tax summary 2026');
  await expectAxeClean(page);
  const overflowOrder = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflowOrder).toBeLessThanOrEqual(0);
  await taxes.screenshot({ path: info.outputPath('saved-tax-plan-order-375.png') });
  await q4.screenshot({ path: info.outputPath('saved-tax-plan-calendar-375.png') });

  // The same amount in the .ics the calendar offers.
  const ics = await page.evaluate(async (orderId) => {
    const secrets = JSON.parse(localStorage.getItem('applicationSecrets') ?? '{}') as Record<string, string>;
    const res = await fetch(`/api/orders/${orderId}/calendar.ics`, { headers: { 'x-resume-secret': secrets[orderId] ?? '' } });
    return res.text();
  }, id);
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain('SUMMARY:Federal estimated tax\\, 4th quarter 2026: pay $2\\,709');

  // The creator removes the plan: the figures and the summary go, the calendar says so again.
  await savedPlan.getByRole('link', { name: 'Change the plan' }).click();
  await expect(page.getByLabel(/Your yearly profit/)).toHaveValue('60000');
  await page.getByTestId('save-plan').getByRole('button', { name: 'Remove the saved plan' }).click();
  await expect(page.getByTestId('save-plan-notice')).toContainText('Removed. We no longer keep these figures with your order');
  await expectAxeClean(page);
  await page.getByTestId('save-plan').getByRole('link', { name: 'Back to my order' }).click();
  await expect(page.getByTestId('saved-tax-plan')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Documents' })).not.toContainText('Year-end tax summary');
  await expect(q4).toContainText('No tax plan is saved on your order');
});
