import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { asHolder, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { sentEmail } from './mail.ts';
import { invitedPerson, type StaffMember, staffBrowser, staffToken } from './staff-session.ts';
import { onePagePdf } from './uploads.ts';

/**
 * The mail room (docs/decisions/0421-mail-room.md, 0428): a processor, in a browser of their own,
 * logs a service of process for a paid order with its scan. The customer's urgent email is sent
 * within a minute; the back office shows the four-business-hour clock on the order and in the
 * list of mail not handled across orders; the customer's order page, in another browser, lists it
 * under Mail. Marking it handled takes it off the list.
 */
const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
let processor: StaffMember;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
  const owner = await staffToken(request);
  processor = await invitedPerson(request, owner, { email: `mail.${tag}@creator-llc.example`, name: 'Mo Mailroom', role: 'processor' });
});

/** The id of the sent message whose id starts with `prefix`, once it is sent (within `timeout`). */
async function sentMessageId(prefix: string, timeout: number): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found = '';
  await expect
    .poll(
      () => {
        found = existsSync(dir) ? (readdirSync(dir).find((f) => f.startsWith(prefix)) ?? '') : '';
        return found;
      },
      { timeout, message: `no email ${prefix}… was sent` },
    )
    .not.toBe('');
  return found.replace(/\.eml$/, '');
}

test('a service of process logged by a processor reaches the customer within a minute, marked urgent, with the four-hour clock in the back office', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const data = wizardData({ state: 'WY', residenceState: 'WY', email: `owner.${tag}@example.com`, businessName: uniqueBusinessName('Summons Test') });
  const id = await createSubmitted(request, data);
  await payWithTestCard(request, id);
  const name = String(data.businessName);

  // The processor's browser: the order from the queue, the mail form in its documents panel.
  const staff = await staffBrowser(browser, baseURL, processor);
  await staff.getByRole('button', { name: `Open ${name}` }).click();
  const dialog = staff.getByRole('dialog', { name });
  const form = dialog.getByRole('form', { name: /Log mail received/ });
  await form.getByLabel('Type of mail').selectOption('service_of_process');
  await form.getByLabel('Sender').fill('Superior Court, Laramie County');
  await form.getByLabel('Received on').fill('2026-12-01');
  await form.getByLabel('Answer deadline (if the document names one)').fill('2026-12-22');
  await form.getByLabel('Scan (PDF)').setInputFiles({ name: 'summons.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('SUMMONS') });
  const loggedAt = Date.now();
  await form.getByRole('button', { name: 'Log mail' }).click();
  const orderMail = dialog.getByRole('list', { name: 'Mail of the order' });
  await expect(orderMail.getByText(/Superior Court, Laramie County/)).toBeVisible();
  await expect(orderMail.getByText(/^(Due|Overdue) .*\(4 business hours\)$/)).toBeVisible();

  // The customer's email: within a minute of logging, urgent, with the deadline.
  const messageId = await sentMessageId(`mail:${id}:`, 60_000);
  expect(Date.now() - loggedAt).toBeLessThan(60_000);
  const email = await sentEmail(messageId);
  expect(email.to).toContain(`owner.${tag}@example.com`);
  expect(email.subject).toMatch(/URGENT/);
  expect(email.body).toContain('December 22, 2026');

  // The back office's list across orders: this order with its four-hour clock.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await staff.getByRole('button', { name: 'Mail', exact: true }).click();
  const row = staff.locator(`li[data-order="${id}"]`);
  await expect(row).toContainText('Service of process');
  await expect(row.getByText(/\(4 business hours\)$/)).toBeVisible();

  // The customer's own browser: the order page lists it under Mail.
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await asHolder(customer, id);
  await customer.goto(`/orders/${id}`);
  await expect(customer.getByRole('list', { name: 'Mail' }).getByText(/Superior Court, Laramie County/)).toBeVisible();

  // Handled: off the list.
  await row.getByRole('button', { name: 'Mark handled' }).click();
  await expect(row).toHaveCount(0);
  await customerContext.close();
  await staff.context().close();
});
