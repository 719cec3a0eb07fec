import { expect, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { staffToken } from './staff-session.ts';

/**
 * The DBA bought after payment (docs/decisions/0433) on a 320 px phone: a Nevada order, whose
 * DBA is filed with a county clerk, asks the name and the county in the offer; each field's
 * sentence is beside it; paid with the test card, the DBA is owed with its name and staff see it.
 */
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 90_000 }).toBe(404);
});

test('a Nevada order buys the DBA after payment at 320 px: the name and county asked, checked beside each field, then owed', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const email = `nina.dba-after-payment.${Date.now()}@example.com`;
  const id = await createSubmitted(
    request,
    wizardData({ firstName: 'Nina', lastName: 'Park', email, state: 'NV', residenceState: 'NV', businessName: uniqueBusinessName('Nina Cooks') }),
  );
  await payWithTestCard(request, id);

  await page.setViewportSize({ width: 320, height: 900 });
  await asHolder(page, id);
  await page.goto(`/orders/${id}`);
  const offer = page.getByTestId('after-payment-purchases');
  const dba = offer.locator('[data-addon="dbaRegistration"]');
  // Our fee plus Nevada's county fee, fixed statewide.
  await expect(dba).toContainText('DBA: your creator name registered $74');
  await dba.getByRole('button', { name: 'Buy for $74' }).click();
  const name = dba.getByLabel('Creator name to register');
  const county = dba.getByLabel('County where your business is');
  await name.fill('Pixel Bank');
  await dba.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dba.getByLabel('Expiry').fill('12/34');
  await dba.getByLabel('CVC').fill('123');
  await dba.getByLabel('ZIP').fill('10001');
  await dba.getByRole('button', { name: 'Pay $74' }).click();
  await expect(dba).toContainText(`Names containing "bank" need a state regulator's approval`);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(dba).toContainText("Enter the county where your business is: Nevada's fictitious firm name is filed with its county clerk");
  await expect(county).toHaveAttribute('aria-invalid', 'true');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAxeClean(page);
  await dba.screenshot({ path: info.outputPath('dba-after-payment-320.png') });

  await name.fill('@Pixel Kitchen');
  await county.fill('Clark');
  await dba.getByRole('button', { name: 'Pay $74' }).click();
  await expect(page.getByText('Added to your order')).toBeVisible();
  await expect(offer.getByRole('list', { name: 'Bought after payment' })).toContainText(
    'DBA: your creator name registered ("Pixel Kitchen", Clark County): $74 (Paid, card ending 4242)',
  );
  await expect(dba).toContainText('Your order has it already');
  const owed = page.getByRole('region', { name: 'What your order includes' }).locator('[data-deliverable="dba"]');
  await expect(owed).toHaveAttribute('data-delivered', 'false');
  await expect(owed).toContainText('DBA: "Pixel Kitchen"');

  // Staff see it as a DBA bought at checkout: the add-on, its name and county, owed.
  const token = await staffToken(request);
  const staffView = await request.get(`/api/staff/applications/${id}`, { headers: { 'staff-token': token } });
  expect(staffView.status()).toBe(200);
  expect(await staffView.json()).toMatchObject({ dbaRegistration: true, dbaName: 'Pixel Kitchen', dbaCounty: 'Clark' });
});
