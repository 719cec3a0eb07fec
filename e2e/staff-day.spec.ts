import { expect, test } from '@playwright/test';
import { E2E_STAFF_EMAIL } from '../playwright.config.ts';
import { completeFilingDetails, createSubmitted, payWithTestCard, wizardData } from './holder.ts';
import { showApplications, signInOnPage } from './staff-session.ts';

/**
 * A morning of the back office: the owner takes the ready orders from the queue oldest first,
 * assigns them and starts processing them together, finds one by search, and exports the orders
 * of the day as a CSV.
 */
const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const older = wizardData({ businessName: `Dayfirst ${tag} Alpha LLC`, email: `alpha.${tag}@example.com`, completed: true });
const newer = wizardData({ businessName: `Dayfirst ${tag} Beta LLC`, email: `beta.${tag}@example.com`, completed: true });
const ids: string[] = [];

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 90_000 }).toBe(200);
  // Paid and with filing details, one after the other: the first waits longest.
  for (const data of [older, newer]) {
    const id = await createSubmitted(request, data);
    await payWithTestCard(request, id);
    await completeFilingDetails(request, id, data);
    ids.push(id);
  }
});

test('ready orders oldest first, assigned and started together, found by search, exported', async ({ page, request }) => {
  await signInOnPage(page);
  const ready = page.getByRole('region', { name: /Ready to start/ });
  const rows = ready.locator(`li[data-order="${ids[0]}"], li[data-order="${ids[1]}"]`);
  await expect(rows).toHaveCount(2);
  // Oldest first: the order whose details came first is above the other.
  await expect(rows.nth(0)).toHaveAttribute('data-order', ids[0]);
  await expect(rows.nth(0)).toContainText('Unassigned');
  await expect(rows.nth(0)).toContainText(/h left|overdue/);

  await page.getByRole('checkbox', { name: `Choose ${older.businessName}` }).check();
  await page.getByRole('checkbox', { name: `Choose ${newer.businessName}` }).check();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(rows.nth(0)).toContainText(E2E_STAFF_EMAIL);
  await expect(rows.nth(1)).toContainText(E2E_STAFF_EMAIL);

  await page.getByRole('checkbox', { name: `Choose ${older.businessName}` }).check();
  await page.getByRole('checkbox', { name: `Choose ${newer.businessName}` }).check();
  await page.getByRole('button', { name: 'Start Processing (2 ready)' }).click();
  // Started: out of "Ready to start".
  await expect(rows).toHaveCount(0, { timeout: 30_000 });

  await showApplications(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(`dayfirst ${tag} al`);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await page
    .getByRole('button', { name: `View details of ${older.businessName}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: older.businessName as string });
  await expect(dialog.getByText(`${E2E_STAFF_EMAIL} · since`)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Florida business-entity search' })).toHaveAttribute('href', /^https:\/\//);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The day's orders, as the accountant gets them.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`dayfirst ${tag}`);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await page.getByRole('button', { name: 'Export these orders' }).click();
  const link = page.getByRole('link', { name: /^Download orders-.*\.csv$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const csv = await (await request.get((await link.getAttribute('href')) as string)).text();
  expect(csv).toContain(ids[0]);
  expect(csv).toContain(ids[1]);
  expect(csv).toContain(`${older.businessName}`);
});
