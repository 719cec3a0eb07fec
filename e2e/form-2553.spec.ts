import { expect, type Page, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, holderHeaders, wizardData } from './holder.ts';
import { staffToken } from './staff-session.ts';

/**
 * "Form 2553 prepared for you" (docs/product.md): priced in the operator settings, bought at
 * checkout, owed on the order page until its worksheet is generated at Start Processing, then
 * delivered with the worksheet in the vault.
 */
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

const ADDRESS = { line1: '30 Prairie Ave', city: 'Cheyenne', state: 'WY', zip: '82001' };
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$/ });

test('buy Form 2553 prepared for you at checkout, see it owed, then delivered with its worksheet', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await staffToken(request);
  const staff = { 'staff-token': token };
  // The owner prices the add-on at $59.
  const { updatedAt: _at, ...current } = await (await request.get('/api/operator-settings')).json();
  const saved = await request.put('/api/staff/operator-settings', { data: { ...current, form2553Usd: 59 }, headers: staff });
  expect(saved.status(), await saved.text()).toBe(200);

  const id = await createSubmitted(request, wizardData({ state: 'WY', residenceState: 'WY', firstName: 'Noor', lastName: 'Haddad' }));
  await asHolder(page, id);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/checkout?applicationId=${id}`);
  const before = await page.getByTestId('order-total').textContent();
  const addOn = page.getByRole('switch', { name: /Form 2553 prepared for you/ });
  await expect(page.getByText('Form 2553 prepared for you +$59')).toBeVisible();
  const patched = page.waitForResponse((r) => r.url().endsWith(`/api/llc-applications/${id}`) && r.request().method() === 'PATCH');
  await addOn.click();
  expect((await patched).status()).toBe(200);
  const total = Number((before ?? '').replace(/[^0-9]/g, '')) + 59;
  await expect(page.getByTestId('order-total')).toHaveText(`$${total}`);
  // Sold only when every owner may own an S corporation: "no" says why, with its source, and nothing can be paid.
  await expect(page.getByText('Answer the Form 2553 question above, or turn Form 2553 off, to pay.')).toBeVisible();
  const owners = page.getByRole('group', { name: 'Form 2553: who owns the LLC' });
  await owners.getByRole('radio', { name: 'No, at least one is not' }).check();
  await expect(owners.getByRole('alert')).toContainText('26 U.S.C. § 1361(b)(1)(C)');
  const answered = page.waitForResponse(
    (r) => r.url().endsWith(`/api/llc-applications/${id}`) && r.request().method() === 'PATCH' && (r.request().postData() ?? '').includes('"yes"'),
  );
  await owners.getByRole('radio', { name: 'Yes, every owner' }).check();
  expect((await answered).status()).toBe(200);
  await expectAxeClean(page);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('10001');
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const status = await (await request.get(`/api/payment-status/${id}`, { headers: holderHeaders(id) })).json();
  expect(status).toMatchObject({ paymentStatus: 'paid', amountPaidCents: total * 100 });

  // Owed on the order page until we prepare it.
  await page.goto(`/orders/${id}`);
  const includes = page.getByRole('region', { name: 'What your order includes' });
  const line = includes.locator('[data-deliverable="form_2553"]');
  await expect(line).toContainText('Form 2553 prepared for you');
  await expect(line).toHaveAttribute('data-delivered', 'false');
  await expect(line).toContainText('Prepared when we start filing');
  // The S-corporation card says it was ordered and when it comes.
  await expect(page.getByTestId('order-form-2553')).toContainText('we prepare its worksheet');

  // The filing details, then Start Processing generates the documents, the worksheet among them.
  const details = await request.put(`/api/orders/${id}/filing-details`, {
    data: {
      principalOffice: ADDRESS,
      registeredAgent: { kind: 'own', name: 'Prairie Registered Agents Inc.', address: ADDRESS, consent: true },
      organizer: { name: 'Noor Haddad', title: 'Organizer', address: ADDRESS },
      signature: { typedName: 'Noor Haddad', consent: true },
      management: 'member',
      members: [{ name: 'Noor Haddad', address: ADDRESS, ownershipPercent: 100 }],
    },
    headers: holderHeaders(id),
  });
  expect(details.status(), await details.text()).toBe(200);
  const started = await request.patch(`/api/staff/applications/${id}`, { data: { status: 'processing' }, headers: staff });
  expect(started.status(), await started.text()).toBe(200);

  await page.reload();
  await expect(line).toHaveAttribute('data-delivered', 'true');
  await expect(line).toContainText(/The filled worksheet is in your vault since [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(page.getByTestId('order-form-2553')).toContainText('is in your documents below');
  const vault = page.getByRole('list', { name: 'Documents' });
  await expect(vault.getByRole('button', { name: /^Download Form 2553 worksheet - Maya Makes/ })).toBeVisible();
  await expectAxeClean(page);
  await includes.screenshot({ path: test.info().outputPath('form-2553-delivered-1280.png') });
});
