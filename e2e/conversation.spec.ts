import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { E2E_SMTP_PORT } from '../playwright.config.ts';
import { asHolder, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { sentEmail } from './mail.ts';
import { signInOnPage } from './staff-session.ts';

/**
 * One conversation per order (docs/product.md section 10): a change request from the order page,
 * its acknowledgement email with the thread's reference, a staff reply that quotes it (on the page
 * and by email) and the customer's answer from the page, all in the order's thread, in order.
 */
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

test('change request → acknowledgement email → staff reply quoting it → customer answer, one thread', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('Thread Talk');
  const id = await createSubmitted(request, wizardData({ email: 'thread.customer@example.com', businessName, firstName: 'Tess', lastName: 'Rivera' }));
  await payWithTestCard(request, id);
  const reference = id.slice(0, 8);
  const ticketId = `order-${id}`;
  const request1 = 'Please spell the business name with a capital T in Talk.';
  const answer = 'Thank you! And the mailing address is 2 Main St, Apt 4.';
  const staffReply = 'Done: the name now has a capital T.';

  // The customer asks for a change on the order page.
  await asHolder(page, id);
  await page.goto(`/orders/${id}`);
  await page.getByLabel('What should we change?').fill(request1);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText(`We received your message (reference ${reference})`)).toBeVisible();
  const thread = page.getByRole('list', { name: 'Conversation' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);

  // Its acknowledgement, from the local mail catcher, carries the reference and the words.
  const ack = await sentEmail(`message:${ticketId}:0`);
  expect(ack.to).toContain('thread.customer@example.com');
  expect(ack.subject).toBe(`We received your message about ${businessName} (order ${reference})`);
  expect(ack.body).toContain(`Its reference is ${reference}`);
  expect(ack.body).toContain(request1);

  // Staff find it among the open tickets, see the order from it, and answer it.
  const staff = await browser.newPage();
  await signInOnPage(staff);
  await staff.getByRole('tab', { name: 'Support Tickets' }).click();
  await staff.getByLabel('Show').selectOption('open');
  const ticket = staff.locator('li[data-ticket-status]', { hasText: `(order ${reference})` });
  await expect(ticket).toBeVisible();
  await ticket.getByRole('button', { name: /^Assign to me/ }).click();
  await expect(ticket.getByTestId('ticket-assignee')).toHaveText('Assigned to you');
  await ticket.getByRole('button', { name: `Open order ${reference}` }).click();
  const modal = staff.getByRole('dialog', { name: businessName });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toBeHidden();
  await ticket.getByLabel('Reply to Tess Rivera').fill(staffReply);
  await ticket.getByRole('button', { name: 'Send reply by email' }).click();
  await expect(ticket.locator('[data-author="staff"]')).toContainText(staffReply);

  // The reply email quotes the question and says where to answer.
  const replyEmail = await sentEmail(`ticket-reply:${ticketId}:1`);
  expect(replyEmail.to).toContain('thread.customer@example.com');
  expect(replyEmail.subject).toContain(`(order ${reference})`);
  expect(replyEmail.body).toContain('Tess Rivera wrote:');
  expect(replyEmail.body).toContain(request1);
  expect(replyEmail.body).toContain(staffReply);
  // Replies come back into the thread: the email says to reply, and its Reply-To names the ticket (signed, no personal data).
  expect(replyEmail.body).toContain('To answer, reply to this email');
  expect(replyEmail.replyTo).toMatch(/^reply\+o[0-9a-f]{32}\.[0-9a-f]{16}@reply\.creator-llc\.local$/);

  // The customer sees the reply, quoting the request, and answers from the page.
  await page.reload();
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  const reply = thread.getByRole('listitem').nth(1);
  await expect(reply).toContainText('The CreatorLLC team');
  await expect(reply.locator('blockquote')).toContainText(request1);
  await page.getByLabel('Your reply').fill(answer);
  await page.getByRole('button', { name: 'Send the reply' }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(3);
  const second = await sentEmail(`message:${ticketId}:2`);
  expect(second.body).toContain(answer);

  // The whole thread, in order, with who wrote each message.
  const items = thread.getByRole('listitem');
  await expect(items.nth(0)).toContainText('Tess Rivera (you)');
  await expect(items.nth(0)).toContainText(request1);
  await expect(items.nth(1)).toContainText(staffReply);
  await expect(items.nth(2)).toContainText('Tess Rivera (you)');
  await expect(items.nth(2)).toContainText(answer);

  // Staff see the answer in the same ticket.
  await staff.reload();
  await staff.getByRole('tab', { name: 'Support Tickets' }).click();
  await expect(staff.locator('li[data-ticket-status]', { hasText: `(order ${reference})` }).locator('[data-author="customer"]')).toHaveCount(2);

  // Tess answers the reply email from her mail program, quoting it: her new words join the thread.
  const byEmail = 'And one more thing: the business phone is 305-555-0199.';
  await nodemailer.createTransport({ host: '127.0.0.1', port: E2E_SMTP_PORT, secure: false, ignoreTLS: true }).sendMail({
    from: 'Tess Rivera <thread.customer@example.com>',
    to: replyEmail.replyTo,
    subject: `Re: ${replyEmail.subject}`,
    text: `${byEmail}\n\nOn Fri, Nov 27, 2026 at 9:00 AM CreatorLLC <orders@creator-llc.local> wrote:\n> ${staffReply}\n`,
  });
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(thread.getByRole('listitem').first()).toBeVisible();
        return thread.getByRole('listitem').count();
      },
      { timeout: 30_000 },
    )
    .toBe(4);
  await expect(items.nth(3)).toContainText('Tess Rivera (you)');
  await expect(items.nth(3)).toContainText(byEmail);
  await expect(items.nth(3)).not.toContainText(staffReply);
  await staff.close();
});
