import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { asHolder, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { orderLinkIn, sentEmail } from './mail.ts';
import { invitedPerson, type StaffMember, showApplications, staffBrowser, staffToken } from './staff-session.ts';

/**
 * Four eyes on a customer's identity (docs/decisions/0409): a support person asks, from the Email
 * Delivery view, for an order's email to become another address; nothing reaches that address and
 * the order keeps its email until a processor, in a browser of their own, approves the change; the
 * new address then gets a link that opens the order, and the customer's browser that had the order
 * open no longer does. The address on file can also stop a change with the link it is sent.
 */
test.describe.configure({ mode: 'serial' });

const BOUNCES = 'bounce@simulator.amazonses.com';
const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
let owner: string;
let support: StaffMember;
let processor: StaffMember;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
  owner = await staffToken(request);
  support = await invitedPerson(request, owner, { email: `support.${tag}@creator-llc.example`, name: 'Sid Support', role: 'support' });
  processor = await invitedPerson(request, owner, { email: `processor.${tag}@creator-llc.example`, name: 'Pia Processor', role: 'processor' });
});

/** The id of the sent message whose id starts with `prefix`, once it is sent. */
async function sentMessageId(prefix: string, suffix = ''): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found = '';
  await expect
    .poll(
      () => {
        found = existsSync(dir) ? (readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith(`${suffix}.eml`)) ?? '') : '';
        return found;
      },
      { timeout: 30_000, message: `no email ${prefix}… was sent` },
    )
    .not.toBe('');
  return found.replace(/\.eml$/, '');
}

const staffView = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/api/staff/applications/${id}`, { headers: { 'staff-token': owner } })).json()) as {
    email: string;
    emailChange?: { email: string };
  };
const messagesTo = async (request: APIRequestContext, id: string, to: string) =>
  (
    (await (await request.get(`/api/staff/applications/${id}/emails`, { headers: { 'staff-token': owner } })).json()) as { items: { to: string }[] }
  ).items.filter((m) => m.to === to);

test('support asks for a new address; nothing reaches it until a second person approves; old browsers then stop opening the order', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('Second Pair');
  const id = await createSubmitted(request, wizardData({ email: BOUNCES, businessName }));
  await payWithTestCard(request, id);
  const receiptId = `paid:${id}`;
  const newAddress = `second.pair.${tag}@example.com`;

  // The customer's own browser has the order open.
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await asHolder(customer, id);
  await customer.goto(`/orders/${id}`);
  await expect(customer.getByRole('heading', { level: 1, name: businessName })).toBeVisible();

  // Support, in its own browser, finds the parked receipt in Email Delivery and asks for the change there.
  const supportPage = await staffBrowser(browser, baseURL, support);
  await supportPage.getByRole('tab', { name: 'Email Delivery' }).click();
  const parked = supportPage.locator(`[data-message-id="${receiptId}"]`);
  await expect(parked).toBeVisible({ timeout: 30_000 });
  await parked.getByRole('button', { name: 'Ask to correct the address' }).click();
  await parked.getByLabel('Correct email address').fill(newAddress);
  await parked.getByLabel('Reason (kept in the audit trail)').fill('Customer called from a new inbox');
  await parked.getByRole('button', { name: 'Ask for the change' }).click();
  await expect(supportPage.getByText('Change Asked For')).toBeVisible();

  // Nothing changed and nothing went to the new address; even a resent order link goes to the address on file.
  expect(await staffView(request, id)).toMatchObject({ email: BOUNCES, emailChange: { email: newAddress } });
  const resent = await request.post(`/api/staff/applications/${id}/order-link`, { headers: { 'staff-token': support.token }, data: {} });
  expect(((await resent.json()) as { to: string }).to).toBe(BOUNCES);
  expect(await messagesTo(request, id, newAddress)).toEqual([]);
  // Support cannot approve it.
  const refused = await request.post(`/api/staff/applications/${id}/email-change`, {
    headers: { 'staff-token': support.token },
    data: { decision: 'approve', reason: 'I approve my own change' },
  });
  expect(refused.status()).toBe(403);

  // A processor, in a second browser, sees the waiting change in the order and approves it with a reason.
  const processorPage = await staffBrowser(browser, baseURL, processor);
  await showApplications(processorPage);
  await processorPage.getByRole('button', { name: `View details of ${businessName}` }).click();
  const dialog = processorPage.getByRole('dialog', { name: businessName });
  const waiting = dialog.getByRole('region', { name: 'Email change waiting' });
  await expect(waiting).toContainText(newAddress);
  await expect(waiting).toContainText(support.email);
  await waiting.getByLabel('Reason (kept in the audit trail)').fill('Called the customer back on the phone number on file');
  await waiting.getByRole('button', { name: 'Approve the change' }).click();
  await expect(processorPage.getByText('Email Changed')).toBeVisible();
  expect((await staffView(request, id)).email).toBe(newAddress);

  // The new address gets a fresh link that opens the order in a browser that never saw it.
  const changed = await sentEmail(await sentMessageId(`email-changed:${id}:`, ':new'));
  expect(changed.to).toContain(newAddress);
  const fresh = await browser.newContext({ baseURL });
  const opened = await fresh.newPage();
  await opened.goto(orderLinkIn(changed, id));
  await expect(opened.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await fresh.close();

  // The customer's browser from before the change no longer opens the order, and says why.
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Open your order from your newest email' })).toBeVisible();
  await customerContext.close();
  await supportPage.context().close();
  await processorPage.context().close();
});

test('the address on file stops a change with the link it was sent', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const onFile = `stop.${tag}@example.com`;
  const id = await createSubmitted(request, wizardData({ email: onFile, businessName: uniqueBusinessName('Stop Sign') }));
  await payWithTestCard(request, id);
  const asked = await request.post(`/api/staff/applications/${id}/email`, {
    headers: { 'staff-token': support.token },
    data: { email: `taker.${tag}@example.com`, reason: 'Caller asked for it' },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  const notice = await sentEmail(await sentMessageId(`email-change-requested:${id}:`));
  expect(notice.to).toContain(onFile);
  expect(notice.body).toContain('Nothing has changed yet');
  expect(notice.body).not.toContain(`taker.${tag}@example.com`);
  const stopLink = /https?:\/\/[^\s"'<>\]]+\/orders\/[\w-]+\/email-change#stop=[\w.-]+/.exec(notice.body)?.[0];
  expect(stopLink).toBeTruthy();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(stopLink ?? '');
  await page.getByRole('button', { name: 'Stop this change' }).click();
  await expect(page.getByText(/Stopped. Your order keeps its email address/)).toBeVisible();
  await context.close();
  const after = await staffView(request, id);
  expect(after.email).toBe(onFile);
  expect(after.emailChange).toBeUndefined();
});
