import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { completeFilingDetails, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { orderLinkIn, sentEmail } from './mail.ts';
import { invitedPerson, showApplications, signInOnPage, staffToken } from './staff-session.ts';

/**
 * Email delivery made visible (docs/product.md section 2): an order placed with an address that
 * refuses mail (SES's bounce simulator, refused for good by the local transport) parks its
 * receipt; staff see it in the delivery list and the order's email history, correct the address
 * (the new one gets the order link, which opens the order), and retry the receipt from the list.
 */
const BOUNCES = 'bounce@simulator.amazonses.com';

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

/** The id of the sent message whose id starts with `prefix` and ends with `suffix`, once it is sent. */
async function sentMessageId(prefix: string, suffix: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found = '';
  await expect
    .poll(
      () => {
        found = existsSync(dir) ? (readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith(`${suffix}.eml`)) ?? '') : '';
        return found;
      },
      { timeout: 30_000, message: `no email ${prefix}…${suffix} was sent` },
    )
    .not.toBe('');
  return found.replace(/\.eml$/, '');
}

test('a parked receipt is listed, the email corrected (new link works), and the receipt retried from the list', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('Bounce Back');
  const id = await createSubmitted(request, wizardData({ email: BOUNCES, businessName }));
  await payWithTestCard(request, id);
  const receiptId = `paid:${id}`;

  // The receipt is tried as soon as the payment is recorded, and parked at its first refusal.
  const token = await staffToken(request);
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/staff/emails', { headers: { 'staff-token': token } })).json()) as { items: { messageId: string }[] };
        return list.items.some((m) => m.messageId === receiptId);
      },
      { timeout: 30_000, message: 'the receipt was not parked' },
    )
    .toBe(true);

  // Staff find the parked receipt in the delivery list, with why.
  await signInOnPage(page);
  await page.getByRole('tab', { name: 'Email Delivery' }).click();
  const parked = page.locator(`[data-message-id="${receiptId}"]`);
  await expect(parked).toBeVisible();
  await expect(parked).toHaveAttribute('data-email-status', 'parked');
  await expect(parked).toContainText('Receipt');
  await expect(parked).toContainText(`To ${BOUNCES}`);
  await expect(parked).toContainText('550 mailbox unavailable');

  // The order's email history shows it too; staff correct the address with a reason.
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${businessName}` }).click();
  const dialog = page.getByRole('dialog', { name: businessName });
  const history = dialog.getByRole('list', { name: 'Email history' });
  await expect(history.locator(`[data-message-id="${receiptId}"]`)).toHaveAttribute('data-email-status', 'parked');
  await dialog.getByLabel('Correct email address').fill('bounce.back@example.com');
  await dialog.getByLabel('Reason (kept in the audit trail)').fill('Customer called: the address was wrong');
  await dialog.getByRole('button', { name: 'Ask to correct the email' }).click();
  await expect(dialog.getByRole('region', { name: 'Email change waiting' })).toContainText('bounce.back@example.com');
  // A second person approves it (docs/decisions/0409; e2e/email-change.spec.ts shows it in their browser).
  const second = await invitedPerson(request, token, { email: `approver.${Date.now()}@creator-llc.example`, name: 'Avery Approver', role: 'processor' });
  const approved = await request.post(`/api/staff/applications/${id}/email-change`, {
    headers: { 'staff-token': second.token },
    data: { decision: 'approve', reason: 'Called the customer back' },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The new address receives the order link, and it opens the order in a browser that never saw it.
  const changedId = await sentMessageId(`email-changed:${id}:`, ':new');
  const changed = await sentEmail(changedId);
  expect(changed.to).toContain('bounce.back@example.com');
  expect(changed.body).toContain(`changed from ${BOUNCES} to this one, bounce.back@example.com`);
  const fresh = await browser.newContext();
  const customer = await fresh.newPage();
  await customer.goto(orderLinkIn(changed, id));
  await expect(customer.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await fresh.close();
  // The old address is told too, without the link (its delivery is refused here, so it is parked).
  await page.reload();
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${businessName}` }).click();
  await expect(history.locator('[data-email-status]').filter({ hasText: 'Email address changed' })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Retry the receipt from the list: it goes to the corrected address and leaves the list.
  await page.getByRole('tab', { name: 'Email Delivery' }).click();
  await parked.getByLabel('Reason for the retry').fill('Address corrected by phone');
  await parked.getByRole('button', { name: 'Retry' }).click();
  const receipt = await sentEmail(receiptId);
  expect(receipt.to).toContain('bounce.back@example.com');
  expect(receipt.subject).toContain(businessName);
  await page.reload();
  await page.getByRole('tab', { name: 'Email Delivery' }).click();
  await expect(page.locator(`[data-message-id="${receiptId}"]`)).toHaveCount(0);
});

test('staff change the filing details of a processing order with a reason; the customer is emailed what changed', async ({ page, request }) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('Suite Fix');
  const data = wizardData({ email: 'suite.fix@example.com', businessName });
  const id = await createSubmitted(request, data);
  await payWithTestCard(request, id);
  await completeFilingDetails(request, id, data);
  const token = await staffToken(request);
  const started = await request.patch(`/api/staff/applications/${id}`, { data: { status: 'processing' }, headers: { 'staff-token': token } });
  expect(started.status(), await started.text()).toBe(200);

  await signInOnPage(page);
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${businessName}` }).click();
  const dialog = page.getByRole('dialog', { name: businessName });
  await dialog.getByRole('link', { name: 'Change the filing details' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${id}/details$`));
  const office = page.getByRole('group', { name: 'Principal office' });
  await office.getByLabel('Apartment, suite or unit (optional)').fill('Suite 400');
  // The form's own check asks for the signature box; the server keeps the customer's signature.
  await page.getByRole('checkbox', { name: /electronic signature/ }).check();
  // A reason is required before anything is sent.
  await page.getByRole('button', { name: 'Save filing details' }).click();
  await expect(page.locator('#details-change-reason-error')).toHaveText('Reason must be at least 3 characters');
  await page.getByLabel(/^Reason for the change/).fill('The customer wrote that the suite number was missing');
  await page.getByRole('button', { name: 'Save filing details' }).click();
  await expect(page.getByText(`The filing details of ${businessName} are changed.`)).toBeVisible();

  const changedId = await sentMessageId(`details-changed:${id}:`, '');
  const email = await sentEmail(changedId);
  expect(email.to).toContain('suite.fix@example.com');
  expect(email.body).toContain('Principal office address');
  expect(email.body).toContain('Why: The customer wrote that the suite number was missing');
});
