import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, holderHeaders, wizardData } from './holder.ts';
import { staffToken } from './staff-session.ts';
import { onePagePdf } from './uploads.ts';

/**
 * New York publication (docs/decisions/0418): the three-year figure at the checkout names it as
 * not counted (it varies by county) and counts every add-on bought; "New York publication handled
 * for you" is priced in the operator settings, bought at checkout, owed on the order page until
 * staff upload the Certificate of Publication, then delivered with it in the vault.
 */
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$/ });
const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

/** Uploads a PDF as staff do and records it as `kind`. */
async function recordDocument(request: APIRequestContext, token: string, id: string, kind: string, text: string): Promise<void> {
  const headers = { 'staff-token': token };
  const pdf = await onePagePdf(text);
  const ticket = await request.post(`/api/staff/applications/${id}/uploads`, { data: { contentType: 'application/pdf', size: pdf.byteLength }, headers });
  expect(ticket.status(), await ticket.text()).toBe(200);
  const { uploadId, url, headers: putHeaders } = (await ticket.json()) as { uploadId: string; url: string; headers: Record<string, string> };
  expect((await request.put(url, { data: pdf, headers: putHeaders })).status()).toBe(200);
  const recorded = await request.post(`/api/staff/applications/${id}/uploads/${uploadId}/record`, { data: { kind }, headers });
  expect(recorded.status(), await recorded.text()).toBe(200);
}

test('a New York order: the three-year figure names publication, the add-on is bought, owed, then delivered with its certificate', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await staffToken(request);
  const staff = { 'staff-token': token };
  // The owner prices the add-on at $129.
  const { updatedAt: _at, ...current } = await (await request.get('/api/operator-settings')).json();
  const saved = await request.put('/api/staff/operator-settings', { data: { ...current, nyPublicationUsd: 129 }, headers: staff });
  expect(saved.status(), await saved.text()).toBe(200);

  // The state's three years, from the API: publication is named as not counted, with its source.
  const costs = await (await request.get('/api/state-costs/NY')).json();
  expect(costs.notCounted).toContain('New York publication, which varies by county (New York Limited Liability Company Law §206 (publication))');

  const id = await createSubmitted(
    request,
    wizardData({ state: 'NY', residenceState: 'NY', firstName: 'Iris', lastName: 'Okafor', feinFiling: true, currentStep: 4 }),
  );
  await asHolder(page, id);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/checkout?applicationId=${id}`);
  const threeYears = page.getByTestId('three-year-cost');
  // All in: the state's three years plus the EIN bought ($75).
  await expect(threeYears).toContainText(`First three years, all in: ${usd(costs.total + 75)}`);
  await expect(page.getByTestId('three-year-not-counted')).toContainText(
    'Not counted: New York publication, which varies by county (New York Limited Liability Company Law §206 (publication))',
  );

  const before = Number(((await page.getByTestId('order-total').textContent()) ?? '').replace(/[^0-9]/g, ''));
  await expect(page.getByText('New York publication handled for you +$129')).toBeVisible();
  const patched = page.waitForResponse((r) => r.url().endsWith(`/api/llc-applications/${id}`) && r.request().method() === 'PATCH');
  await page.getByRole('switch', { name: /New York publication handled for you/ }).click();
  expect((await patched).status()).toBe(200);
  const total = before + 129;
  await expect(page.getByTestId('order-total')).toHaveText(usd(total));
  // What was just bought is in the figure too; the newspapers' charges are still named as not counted.
  await expect(threeYears).toContainText(`First three years, all in: ${usd(costs.total + 75 + 129)}`);
  await expect(page.getByTestId('three-year-not-counted')).toContainText('New York publication, which varies by county');
  await expectAxeClean(page);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('10001');
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const status = await (await request.get(`/api/payment-status/${id}`, { headers: holderHeaders(id) })).json();
  expect(status).toMatchObject({ paymentStatus: 'paid', amountPaidCents: total * 100 });

  // Bought, publication is ours: owed on the order page, and not listed as the customer's task.
  await page.goto(`/orders/${id}`);
  const includes = page.getByRole('region', { name: 'What your order includes' });
  const line = includes.locator('[data-deliverable="publication"]');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('New York publication: Certificate of Publication');
  await expect(line).toHaveAttribute('data-delivered', 'false');
  await expect(line).toContainText('file the Certificate of Publication within 120 days of formation');
  await expect(line).not.toContainText('your task');

  // Staff upload the filed Certificate of Publication: delivered, and in the vault.
  await recordDocument(request, token, id, 'certificate_of_publication', 'CERTIFICATE OF PUBLICATION');
  await page.reload();
  await expect(line).toHaveAttribute('data-delivered', 'true');
  await expect(line).toContainText('Published; the filed Certificate of Publication is in your vault since');
  const vault = page.getByRole('list', { name: 'Documents' });
  await expect(vault.getByRole('button', { name: /^Download Certificate of Publication/ })).toBeVisible();
  await expectAxeClean(page);
  await includes.screenshot({ path: test.info().outputPath('ny-publication-delivered-1280.png') });
});

test('a New York order without the add-on lists publication as the customer’s task', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = await createSubmitted(request, wizardData({ state: 'NY', residenceState: 'NY', firstName: 'Leo', lastName: 'Brandt' }));
  await asHolder(page, id);
  await page.goto(`/checkout?applicationId=${id}`);
  await expect(page.getByTestId('three-year-not-counted')).toContainText('New York publication, which varies by county');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('10001');
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await page.goto(`/orders/${id}`);
  const task = page.getByRole('region', { name: 'What your order includes' }).locator('[data-deliverable="publication"]');
  await expect(task).toContainText('Publish in two newspapers within 120 days (New York publication)');
  await expect(task).toContainText('your task');
  await expect(task).toContainText('within 120 days of the day the state files your LLC');
  await expect(task).toContainText('varies by county in New York');
});
