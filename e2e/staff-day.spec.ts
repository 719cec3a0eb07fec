import { expect, type Page, test } from '@playwright/test';
import { completeFilingDetails, createSubmitted, holderHeaders, payWithTestCard, wizardData } from './holder.ts';
import { sentEmail } from './mail.ts';
import { invitedPerson, type StaffMember, showApplications, signInOnPage, staffBrowser, staffToken } from './staff-session.ts';

/**
 * A day of the back office with three people and the owner, each in a browser of their own: two
 * processors take the ready orders from the queue oldest first, assign them, start and file them;
 * a support person finds the customer's thread by its order number and answers it; the owner
 * refunds part of an order and exports the day's orders. Each sees only their role's buttons:
 * processors no Refund, no export and no tax-id Reveal unless the owner granted it; support only
 * the tickets and email delivery.
 */
test.describe.configure({ mode: 'serial' });

const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
// EIN filings: the tax id's Reveal is the owner's unless granted.
const alpha = wizardData({ businessName: `Dayfirst ${tag} Alpha LLC`, email: `alpha.${tag}@example.com`, completed: true, feinFiling: true });
const beta = wizardData({ businessName: `Dayfirst ${tag} Beta LLC`, email: `beta.${tag}@example.com`, completed: true, feinFiling: true });
const gamma = wizardData({
  businessName: `Dayfirst ${tag} Gamma LLC`,
  email: `gamma.${tag}@example.com`,
  firstName: 'Gia',
  lastName: 'Moreau',
  completed: true,
});
const ids: Record<'alpha' | 'beta' | 'gamma', string> = { alpha: '', beta: '', gamma: '' };
const question = 'Can the operating agreement list my sister as a second member?';
let pat: StaffMember;
let quinn: StaffMember;
let sam: StaffMember;
const today = () => new Date().toISOString().slice(0, 10);

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 90_000 }).toBe(200);
  // Paid and with filing details, one after the other: alpha waits longest.
  for (const [key, data] of [
    ['alpha', alpha],
    ['beta', beta],
    ['gamma', gamma],
  ] as const) {
    const id = await createSubmitted(request, data);
    await payWithTestCard(request, id);
    await completeFilingDetails(request, id, data);
    ids[key] = id;
  }
  // The owner's team: two processors (Quinn granted the tax-id reveal) and a support person.
  const owner = await staffToken(request);
  pat = await invitedPerson(request, owner, { email: `pat.${tag}@creator-llc.example`, name: 'Pat Rowe', role: 'processor' });
  quinn = await invitedPerson(request, owner, { email: `quinn.${tag}@creator-llc.example`, name: 'Quinn Hale', role: 'processor' });
  sam = await invitedPerson(request, owner, { email: `sam.${tag}@creator-llc.example`, name: 'Sam Ortiz', role: 'support' });
  const grant = await request.patch(`/api/staff/people/${quinn.id}`, { headers: { 'staff-token': owner }, data: { permissions: ['revealTaxId'] } });
  expect(grant.status(), await grant.text()).toBe(200);
  // Gia writes from the order page.
  const asked = await request.post(`/api/orders/${ids.gamma}/change-requests`, { data: { message: question }, headers: holderHeaders(ids.gamma) });
  expect(asked.status(), await asked.text()).toBe(201);
});

const ours = (page: Page) =>
  page.getByRole('region', { name: /Ready to start/ }).locator(`li[data-order="${ids.alpha}"], li[data-order="${ids.beta}"], li[data-order="${ids.gamma}"]`);

async function expectProcessorScreens(page: Page) {
  await expect(page.getByRole('tab')).toHaveText(['Queue', 'Applications', 'Support Tickets', 'Email Delivery', 'Recent Activity']);
  const nav = page.getByRole('navigation', { name: 'Staff' });
  await expect(nav.getByRole('link', { name: 'Your account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
}

/** In the open order: Start Processing, then Mark Filed with what the state returned. */
async function startAndFile(dialog: ReturnType<Page['getByRole']>, fileNumber: string) {
  await dialog.getByRole('button', { name: 'Start Processing' }).click();
  await expect(dialog.getByText('processing', { exact: true })).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('State file number').fill(fileNumber);
  await dialog.getByLabel('Filing date').fill(today());
  await dialog.getByRole('button', { name: 'Mark Filed' }).click();
  await expect(dialog.getByText('filed', { exact: true })).toBeVisible();
  await expect(dialog.getByText(fileNumber, { exact: true })).toBeVisible();
}

test('two processors take the ready orders oldest first, assign them, start and file them', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const patPage = await staffBrowser(browser, baseURL, pat);
  const quinnPage = await staffBrowser(browser, baseURL, quinn);
  await expectProcessorScreens(patPage);
  await expectProcessorScreens(quinnPage);

  // Oldest first: alpha, beta, gamma, none of them taken yet.
  const patRows = ours(patPage);
  await expect(patRows).toHaveCount(3);
  await expect(patRows.nth(0)).toHaveAttribute('data-order', ids.alpha);
  await expect(patRows.nth(1)).toHaveAttribute('data-order', ids.beta);
  await expect(patRows.nth(2)).toHaveAttribute('data-order', ids.gamma);
  await expect(patRows.nth(0)).toContainText('Unassigned');
  await expect(patRows.nth(0)).toContainText(/h left|overdue/);

  // Pat takes the oldest.
  await patPage.getByRole('checkbox', { name: `Choose ${alpha.businessName}` }).check();
  await patPage.getByRole('button', { name: 'Assign to me' }).click();
  await expect(patRows.nth(0)).toContainText(pat.email);

  // Quinn sees it taken and takes the oldest one left, starting it from the queue.
  await quinnPage.reload();
  const quinnRows = ours(quinnPage);
  await expect(quinnRows.nth(0)).toContainText(pat.email);
  const firstFree = quinnRows.filter({ hasText: 'Unassigned' }).first();
  await expect(firstFree).toHaveAttribute('data-order', ids.beta);
  await quinnPage.getByRole('checkbox', { name: `Choose ${beta.businessName}` }).check();
  await quinnPage.getByRole('button', { name: 'Assign to me' }).click();
  await expect(quinnRows.nth(1)).toContainText(quinn.email);

  // Pat works alpha in the order's window: no Refund, no Reveal (an owner's action, not granted to Pat).
  await patPage.getByRole('button', { name: `Open ${alpha.businessName}` }).click();
  const patDialog = patPage.getByRole('dialog', { name: alpha.businessName as string });
  await expect(patDialog.getByText(`${pat.email} · since`)).toBeVisible();
  await expect(patDialog.getByRole('heading', { name: /Filing details/ })).toBeVisible();
  await expect(patDialog.getByRole('button', { name: 'Reveal' })).toHaveCount(0);
  await expect(patDialog.getByRole('button', { name: 'Refund payment' })).toHaveCount(0);
  await startAndFile(patDialog, `L26${tag.toUpperCase()}01`);
  await patDialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Quinn works beta: granted the reveal, Quinn has the button; still no Refund.
  await quinnPage.getByRole('button', { name: `Open ${beta.businessName}` }).click();
  const quinnDialog = quinnPage.getByRole('dialog', { name: beta.businessName as string });
  await expect(quinnDialog.getByText(`${quinn.email} · since`)).toBeVisible();
  await expect(quinnDialog.getByRole('button', { name: 'Reveal' })).toBeVisible();
  await expect(quinnDialog.getByRole('button', { name: 'Refund payment' })).toHaveCount(0);
  await startAndFile(quinnDialog, `L26${tag.toUpperCase()}02`);
  await quinnDialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Both out of "Ready to start"; gamma waits there.
  await patPage.reload();
  await expect(ours(patPage)).toHaveCount(1);
  await expect(ours(patPage).nth(0)).toHaveAttribute('data-order', ids.gamma);

  // The applications list: found by search, no export for a processor (the owner's call).
  await showApplications(patPage);
  await patPage.getByRole('searchbox', { name: 'Search' }).fill(`dayfirst ${tag}`);
  await patPage.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(patPage.getByRole('button', { name: `View details of ${alpha.businessName}` }).first()).toBeVisible();
  await expect(patPage.getByRole('button', { name: 'Export these orders' })).toHaveCount(0);
  await patPage.context().close();
  await quinnPage.context().close();
});

test('support finds the thread by its order number and answers it, seeing only tickets and email delivery', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await staffBrowser(browser, baseURL, sam);
  await expect(page.getByRole('tab')).toHaveText(['Support Tickets', 'Email Delivery']);
  const nav = page.getByRole('navigation', { name: 'Staff' });
  for (const link of ['Audit trail', 'Content editor', 'Settings']) await expect(nav.getByRole('link', { name: link })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);

  const reference = ids.gamma.slice(0, 8);
  await page.getByRole('searchbox', { name: 'Search tickets' }).fill(reference.toUpperCase());
  await page.getByRole('searchbox', { name: 'Search tickets' }).press('Enter');
  const tickets = page.locator('li[data-ticket-status]');
  await expect(tickets).toHaveCount(1);
  const ticket = tickets.first();
  await expect(ticket).toContainText(`(order ${reference})`);
  await expect(ticket).toContainText(question);
  // The order's own screen is a processor's: support answers without it.
  await expect(ticket.getByRole('button', { name: `Open order ${reference}` })).toHaveCount(0);
  await ticket.getByRole('button', { name: /^Assign to me/ }).click();
  await expect(ticket.getByTestId('ticket-assignee')).toHaveText('Assigned to you');
  const answer = 'Yes: add her in the filing details and we will include her before we file.';
  await ticket.getByLabel('Reply to Gia Moreau').fill(answer);
  await ticket.getByRole('button', { name: 'Send reply by email' }).click();
  await expect(ticket.locator('[data-author="staff"]')).toContainText(answer);

  const email = await sentEmail(`ticket-reply:order-${ids.gamma}:1`);
  expect(email.to).toContain(String(gamma.email));
  expect(email.body).toContain(answer);
  await page.context().close();
});

test('the owner refunds part of an order and exports the day’s orders', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInOnPage(page);
  await showApplications(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(`dayfirst ${tag} al`);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await page
    .getByRole('button', { name: `View details of ${alpha.businessName}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: alpha.businessName as string });
  await expect(dialog.getByText(`${pat.email} · since`)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Florida business-entity search' })).toHaveAttribute('href', /^https:\/\//);
  // The owner's own buttons are there.
  await expect(dialog.getByRole('button', { name: 'Reveal' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Refund payment' }).click();
  const form = dialog.getByRole('region', { name: 'Refund' });
  await form.getByLabel('Amount (US dollars)').fill('25.00');
  await form.getByLabel(/^Reason/).fill('Expedited filing was not needed after all');
  await form.getByRole('button', { name: 'Review refund' }).click();
  await form.getByRole('alertdialog').getByRole('button', { name: 'Refund $25.00' }).click();
  await expect(page.getByText('Refund Sent', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/paid · .*\$25\.00 refunded/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The day's orders, as the accountant gets them.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`dayfirst ${tag}`);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await page.getByRole('button', { name: 'Export these orders' }).click();
  const link = page.getByRole('link', { name: /^Download orders-.*\.csv$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const csv = await (await request.get((await link.getAttribute('href')) as string)).text();
  for (const id of Object.values(ids)) expect(csv).toContain(id);
  expect(csv).toContain(`${alpha.businessName}`);
});
