import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { completeFilingDetails, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { parseEml } from './mail.ts';
import { showApplications, signInOnPage } from './staff-session.ts';

/**
 * An owner refunds part of an order in the application modal: the form in the page (no native
 * dialog at any point), the customer's email previewed, an in-page confirmation, then the order
 * stays paid with the amount refunded and the customer is emailed what was refunded and when.
 */
const data = wizardData({ businessName: uniqueBusinessName('Partial Refund Media'), completed: true });
let applicationId = '';

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 90_000 }).toBe(200);
  applicationId = await createSubmitted(request, data);
  await payWithTestCard(request, applicationId);
  await completeFilingDetails(request, applicationId, data);
});

test('the owner refunds $50 of an order: previewed, confirmed in the page, the order still paid, the customer emailed', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e.stack ?? e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await signInOnPage(page);
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${data.businessName}` }).click();
  const modal = page.getByRole('dialog', { name: data.businessName as string });
  await modal.getByRole('button', { name: 'Refund payment' }).click();
  const form = modal.getByRole('region', { name: 'Refund' });
  await expect(form).toBeVisible();
  // Not started yet: the default is everything paid.
  await expect(form.getByLabel('Amount (US dollars)')).not.toHaveValue('');
  await form.getByLabel('Amount (US dollars)').fill('50.00');
  await form.getByLabel(/^Reason/).fill('The operating agreement was not needed');
  await expect(form.getByText(/^We refunded \$50 of your payment for .* Reason: The operating agreement was not needed\.$/)).toBeVisible();
  await form.getByRole('button', { name: 'Review refund' }).click();
  const confirm = form.getByRole('alertdialog');
  await expect(confirm).toContainText('Send $50.00 back to the customer? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Refund $50.00' }).click();
  await expect(page.getByText('Refund Sent', { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(modal.getByText(/paid · .*\$50\.00 refunded/)).toBeVisible();
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);

  // The customer's email: what was refunded, what is left of the order, when the money arrives.
  const mailDir = join(process.env.E2E_DATA_DIR as string, 'mail');
  const refundFile = () => (existsSync(mailDir) ? readdirSync(mailDir) : []).find((f) => f.startsWith(`refund:${applicationId}:`));
  await expect.poll(refundFile, { timeout: 30_000, message: 'the refund email was not sent' }).toBeTruthy();
  const email = parseEml(readFileSync(join(mailDir, refundFile() as string), 'utf8'));
  expect(email.subject).toBe(`A refund of $50 for ${data.businessName}`);
  expect(email.to).toContain(String(data.email));
  expect(email.body).toContain('The rest of your order goes on as before.');
  // Paid with the offline test card: no real money moved, and the email says so.
  expect(email.body).toContain('The money reaches you at once');
});
