import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, uniqueBusinessName, wizardData } from './holder.ts';
import { orderLinkIn, sentEmail } from './mail.ts';
import { ensureAgentOffice } from './operator.ts';
import { staffToken } from './staff-session.ts';
import { recordStampedDocument } from './uploads.ts';

/**
 * After payment (docs/product.md section 10): the receipt email's link opens the order page in
 * a browser that never saw the order, the customer gives the filing details (a PO box refused
 * first), staff move the order, and each move reaches the customer by email and on the page.
 */
const SHOTS = 'test-results/screens';
mkdirSync(SHOTS, { recursive: true });
const WIDTHS = [320, 375, 1280] as const;

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

/** Full-page screenshots at each width; nothing may scroll sideways. */
async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 780 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/order-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

function staffMove(request: APIRequestContext, token: string, id: string, body: Record<string, unknown>) {
  return request.patch(`/api/staff/applications/${id}`, { data: body, headers: { 'staff-token': token } });
}

test('receipt email → order page in a new browser → filing details (PO box refused first) → staff moves → status emails and the timeline', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('Maya Makes');
  const id = await createSubmitted(request, wizardData({ email: 'maya.order@example.com', businessName }));

  // Pay with the test card in the browser that made the application.
  await asHolder(page, id);
  await page.goto(`/checkout?applicationId=${id}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your order and add your filing details' })).toHaveAttribute('href', `/orders/${id}`);

  // Staff cannot start before the details are complete.
  const token = await staffToken(request);
  // We act as registered agent in Florida: the form offers it.
  await ensureAgentOffice(request, token, 'FL', { line1: '100 Biscayne Blvd', city: 'Miami', zip: '33132' });
  const early = await staffMove(request, token, id, { status: 'processing' });
  expect(early.status()).toBe(409);
  expect((await early.json()).error).toMatch(/has not completed the filing details/);

  // The receipt email, and its link in a browser that never saw the order.
  const receipt = await sentEmail(`paid:${id}`);
  expect(receipt.subject).toBe(`Receipt for ${businessName}: payment received`);
  expect(receipt.to).toContain('maya.order@example.com');
  const link = orderLinkIn(receipt, id);
  expect(link.startsWith(`${baseURL}/orders/${id}#access=`)).toBe(true);

  const customer = await browser.newContext({ baseURL });
  const order = await customer.newPage();
  await order.setViewportSize({ width: 1280, height: 900 });
  await order.goto(link);
  await expect(order.getByRole('heading', { name: businessName })).toBeVisible();
  // The token is not left in the address bar or the history entry.
  await expect(order).toHaveURL(`${baseURL}/orders/${id}`);
  const timeline = order.getByRole('list', { name: 'Order progress' });
  await expect(timeline.locator('[data-step="paid"]')).toHaveAttribute('data-state', 'done');
  await expect(timeline.locator('[data-step="details"]')).toHaveAttribute('data-state', 'current');
  await expect(order.getByTestId('receipt-total')).toHaveText('$275');
  await expect(order.getByText(/Complete the filing details below/)).toBeVisible();
  await expectAxeClean(order);
  await shoot(order, 'empty');

  // A PO box as the principal office: the sentence beside the field.
  const office = order.getByRole('group', { name: 'Principal office' });
  await office.getByLabel('Street address').fill('PO Box 12');
  await office.getByLabel('City').focus();
  const poBox = office.getByText('A PO box is not a street address: enter where the business is located');
  await expect(poBox).toBeVisible();
  await expect(office.getByLabel('Street address')).toHaveAttribute('aria-invalid', 'true');
  await order.getByRole('button', { name: 'Save filing details' }).click();
  await expect(office.getByLabel('Street address')).toBeFocused();
  await expectAxeClean(order);
  await shoot(order, 'error');

  // The details, completed.
  await office.getByLabel('Street address').fill('100 Main St');
  await office.getByLabel('City').fill('Miami');
  await office.getByLabel('ZIP code').fill('33101');
  await expect(poBox).toHaveCount(0);
  await order.getByRole('radio', { name: /Yes, renew it each year/ }).check();
  // The wizard's answers: the creator is the organizer, who signs and is the only member.
  await expect(order.getByLabel("Organizer's full name", { exact: true })).toHaveValue('Maya Lopez');
  await expect(order.getByRole('checkbox', { name: "Sign with the organizer's name (Maya Lopez)" })).toBeChecked();
  await expect(order.getByRole('group', { name: 'Member 1' }).getByRole('checkbox', { name: 'Same as the organizer (Maya Lopez)' })).toBeChecked();
  await order.getByRole('checkbox', { name: /typing my name is my electronic signature/ }).check();
  await expect(order.getByTestId('ownership-total')).toHaveText('Total ownership: 100% of 100%');
  await order.getByRole('button', { name: 'Save filing details' }).click();
  await expect(order.getByText(/Your filing details are saved/)).toBeVisible();
  await expect(timeline.locator('[data-step="details"]')).toHaveAttribute('data-state', 'done');
  await expect(order.getByRole('button', { name: 'Change the details' })).toBeVisible();

  // Staff: Start Processing now goes through; then Mark Filed with the state's file number, then Mark Complete.
  expect((await staffMove(request, token, id, { status: 'processing' })).status()).toBe(200);
  // The filing date is the state's: not before the payment (today), not in the future.
  const filedOn = new Date().toISOString().slice(0, 10);
  const filed = await staffMove(request, token, id, { status: 'filed', fileNumber: 'L26000123456', filedOn });
  expect(filed.status(), await filed.text()).toBe(200);

  const processingEmail = await sentEmail(`status:${id}:processing`);
  expect(processingEmail.subject).toBe(`We are filing ${businessName}`);
  expect(processingEmail.body).toContain(`/orders/${id}#access=`);
  const filedEmail = await sentEmail(`status:${id}:filed`);
  expect(filedEmail.subject).toBe(`${businessName} is filed`);
  expect(filedEmail.body).toContain('file number L26000123456');

  await order.reload();
  await expect(timeline.locator('[data-step="processing"]')).toHaveAttribute('data-state', 'done');
  await expect(timeline.locator('[data-step="filed"]')).toHaveAttribute('data-state', 'done');
  await expect(timeline.locator('[data-step="filed"]')).toContainText('File number L26000123456');
  await expect(timeline.locator('[data-step="completed"]')).toHaveAttribute('data-state', 'current');
  await expect(order.getByText('These are the details we filed with Florida.', { exact: false })).toBeVisible();

  // Mark Complete waits for the state-stamped document.
  const notYet = await staffMove(request, token, id, { status: 'completed' });
  expect(notYet.status()).toBe(409);
  expect((await notYet.json()).error).toContain('the state-stamped formation document is not uploaded');
  await recordStampedDocument(request, token, id, 'L26000123456');
  expect((await staffMove(request, token, id, { status: 'completed' })).status()).toBe(200);
  // Completion's email is "documents ready", with the link to the vault on the order page.
  const completedEmail = await sentEmail(`status:${id}:completed`);
  expect(completedEmail.subject).toBe(`Your documents for ${businessName} are ready`);
  expect(completedEmail.body).toContain(`/orders/${id}#access=`);
  await order.reload();
  for (const step of ['paid', 'details', 'processing', 'filed', 'completed'])
    await expect(timeline.locator(`[data-step="${step}"]`)).toHaveAttribute('data-state', 'done');
  await expectAxeClean(order);
  await shoot(order, 'completed');
  await customer.close();
});

test('an order link for another browser, without a token, offers a new link by email', async ({ browser, baseURL }) => {
  const stranger = await browser.newContext({ baseURL });
  const page = await stranger.newPage();
  await page.goto('/orders/0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4#access=1.not-a-token');
  await expect(page.getByRole('heading', { name: 'Open your order from your email' })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/orders/0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4`);
  await page.getByRole('button', { name: 'Email me a new link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await stranger.close();
});
