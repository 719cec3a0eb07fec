import { expect, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, holderHeaders, payWithTestCard, wizardData } from './holder.ts';

/**
 * The creator's handle as a DBA (docs/product.md "DBA"): Wyoming prices the state's fee from the
 * dataset and owes the DBA as a deliverable once paid; California asks for the county and says
 * publication is required and that each county sets its fee.
 */
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

test('a Wyoming order adds a DBA: priced from the dataset, then owed on the order page until it is registered', async ({ page, request }) => {
  const id = await createSubmitted(request, wizardData({ state: 'WY', residenceState: 'WY', dbaRegistration: true, dbaName: 'SunnyBites' }));
  const { order } = await (await request.get(`/api/llc-applications/${id}`, { headers: holderHeaders(id) })).json();
  const lines = order.lines as { key: string; label: string; amount: number }[];
  expect(lines.filter((l) => l.key.startsWith('dba'))).toEqual([
    { key: 'dbaRegistration', label: 'DBA: your creator name registered', amount: 49 },
    { key: 'dbaFee', label: 'Wyoming trade name filing fee', amount: 100 },
  ]);
  await payWithTestCard(request, id);
  await asHolder(page, id);
  await page.goto(`/orders/${id}`);
  await expect(page.getByText('DBA: "SunnyBites"')).toBeVisible();
  await expect(page.getByText('We file it once the state has approved the LLC')).toBeVisible();
  // The tax planner from the order: the first Form 2553 deadline, and the planner at the wizard's profit
  // ($80,000 less 12 x $450 of monthly expenses), handed over without putting it in the address.
  await expect(page.getByTestId('order-tax-plan')).toContainText('file IRS Form 2553 by');
  await page.getByRole('link', { name: /See whether the election pays at your profit \(\$74,600 a year/ }).click();
  await expect(page).toHaveURL(/\/tax-plan$/);
  await expect(page.getByLabel(/Your yearly profit/)).toHaveValue('74600');
});

for (const width of [320, 375, 1280]) {
  test(`California at ${width} px: the DBA asks for the county and says publication is required`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const data = wizardData({ state: 'CA', residenceState: 'CA', currentStep: 3 });
    await page.evaluate((d) => {
      localStorage.setItem('wizardData', JSON.stringify(d));
      localStorage.setItem('wizardCurrentStep', '3');
    }, data);
    await page.goto('/wizard/3');
    const offer = page.getByTestId('dba-offer');
    await expect(offer).toContainText('California calls it a fictitious business name');
    await expect(offer).toContainText('each county sets its own fee');
    await expect(offer).toContainText('A DBA gives no exclusive right to the name in most states; a trademark does.');
    await offer.getByLabel('Register my creator name as a DBA').check();
    await expect(offer.getByLabel('County where your business is')).toBeVisible();
    await expect(offer).toContainText('California also requires newspaper publication');
    await offer.getByLabel('Creator name to register').fill('@SunnyBites');
    await offer.getByLabel('County where your business is').fill('Placer');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
    await offer.screenshot({ path: info.outputPath(`dba-california-${width}.png`) });
  });
}
