import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type ApplicationStatus, COMPLETED_STATUSES } from '#shared/application-status.ts';
import { expectAxeClean } from './axe.ts';
import { completeFilingDetails, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { fillSignIn, showApplications } from './staff-session.ts';
import { onePagePdf } from './uploads.ts';

/**
 * The staff back office end to end: login with the printed password, run an application from
 * submitted to completed with its generated documents, see a contact-form ticket, edit the landing hero
 * in the content editor, and an HTML payload that must stay inert.
 */
test.describe.configure({ mode: 'serial' });

// Outside test-results, which every Playwright run empties.
const SHOTS = process.env.STAFF_SCREENSHOTS_DIR ?? join('test-results', 'staff-screens');

// A retry runs the serial file again on the same server, where the first run's paid orders hold
// their names: each run's names are its own.
const SUNNY = uniqueBusinessName('Sunny Reels');
const LONE_STAR = uniqueBusinessName('Lone Star Streams');

/** This spec's creator's answers (holder.ts's wizardData), `overrides` replacing some. */
function sunnyReelsData(overrides: Record<string, unknown>) {
  return wizardData({
    phone: '305-555-0100',
    contentTypes: ['lifestyle', 'travel'],
    platforms: ['instagram', 'tiktok'],
    businessName: SUNNY,
    annualIncome: 85000,
    monthlyExpenses: { clothing: 200, meals: 150, equipment: 300, travel: 400, entertainment: 0, other: 0 },
    estimatedSavings: 3150,
    feinFiling: true,
    operatingAgreement: true,
    completed: true,
    ...overrides,
  });
}

/**
 * A submitted application through the public wizard API (first save, then the final submit),
 * paid with the offline test card unless `pay` is false: staff work only on paid orders.
 */
async function submitApplication(request: APIRequestContext, overrides: Record<string, unknown>, pay = true): Promise<string> {
  const data = sunnyReelsData(overrides);
  const id = await createSubmitted(request, data);
  if (!pay) return id;
  await payWithTestCard(request, id);
  await completeFilingDetails(request, id, data);
  return id;
}

async function login(page: Page) {
  await page.goto('/staff/login');
  await fillSignIn(page);
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/staff$/);
}

async function stat(page: Page, label: string): Promise<string> {
  return (await page.locator(`[data-stat="${label}"]`).textContent())?.trim() ?? '';
}

interface Counts {
  total: number;
  pending: number;
  completed: number;
}

const staffToken = (page: Page) => page.evaluate(() => localStorage.getItem('staff_token') ?? '');

/**
 * The truth to compare the stat cards with, counted from the application list itself (every
 * page), not from the counters the dashboard reads. Other specs may share this server.
 */
async function countFromList(page: Page): Promise<Counts> {
  const token = await staffToken(page);
  const counts: Counts = { total: 0, pending: 0, completed: 0 };
  let cursor = '';
  do {
    const res = await page.request.get(`/api/staff/applications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
      headers: { 'staff-token': token },
    });
    const body = await res.json();
    for (const a of body.items as { status: string; paymentStatus?: string }[]) {
      counts.total++;
      // Pending: paid (or disputed, still owed its filing) and not completed; an unpaid submission is not.
      if ((a.paymentStatus === 'paid' || a.paymentStatus === 'disputed') && a.status !== 'completed') counts.pending++;
      if (COMPLETED_STATUSES.includes(a.status as ApplicationStatus)) counts.completed++;
    }
    cursor = body.nextCursor ?? '';
  } while (cursor);
  return counts;
}

async function openTickets(page: Page): Promise<number> {
  const res = await page.request.get('/api/staff/dashboard', { headers: { 'staff-token': await staffToken(page) } });
  return (await res.json()).openTickets;
}

async function expectStats(page: Page, { total, pending, completed }: Counts) {
  await expect(page.locator('[data-stat="Total Applications"]')).toHaveText(String(total));
  await expect(page.locator('[data-stat="Pending"]')).toHaveText(String(pending));
  await expect(page.locator('[data-stat="Completed"]')).toHaveText(String(completed));
}

async function shoot(page: Page, name: string, fullPage = true) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

let floridaId: string;

test.beforeAll(async ({ request }) => {
  // The web server answers /api/states before the database is up; wait for the seeded content.
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/content');
        return res.ok() ? (await res.json()).length : 0;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);
  floridaId = await submitApplication(request, { businessName: SUNNY, state: 'FL' });
  await submitApplication(request, {
    businessName: LONE_STAR,
    state: 'TX',
    priority: 'homestate',
    residenceState: 'TX',
    firstName: 'Tom',
    email: 'tom@example.com',
  });
});

test('staff pages without a token land on the login page', async ({ page }) => {
  await page.goto('/staff');
  // The login page returns to the screen asked for after signing in.
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff$/);
  await page.goto('/content-editor');
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fcontent-editor$/);
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'login');
});

test('a wrong password shows Login Failed', async ({ page }) => {
  await page.goto('/staff/login');
  await fillSignIn(page, 'not the password');
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/login$/);
});

test('staff run an application from submitted to completed with its generated documents', async ({ page }) => {
  await login(page);
  const start = await countFromList(page);
  expect(start.total).toBeGreaterThanOrEqual(2);
  await expectStats(page, start);
  expect(await stat(page, 'Open Tickets')).toBe(String(await openTickets(page)));
  // The dashboard opens on the work queue: the paid order with its details waits, ready to start.
  await expect(page.getByRole('region', { name: /Ready to start/ }).locator(`[data-order="${floridaId}"]`)).toBeVisible();
  await shoot(page, 'work-queue');
  await showApplications(page);
  await expect(page.getByRole('cell', { name: SUNNY, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: LONE_STAR, exact: true })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'dashboard');

  await page.getByRole('button', { name: `View details of ${SUNNY}` }).click();
  const dialog = page.getByRole('dialog', { name: SUNNY });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('maya@example.com', { exact: true })).toBeVisible();
  await expect(dialog.getByText('FEIN (EIN) filing, Operating agreement template')).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'details');

  await dialog.getByLabel('Notes').fill('Customer confirmed the business name by phone.');
  await dialog.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Notes Saved')).toBeVisible();

  await dialog.getByRole('button', { name: 'Start Processing' }).click();
  await expect(dialog.getByText('processing', { exact: true })).toBeVisible();
  await expectStats(page, start);

  // Start Processing generated the documents that were sold; any version downloads.
  const documents = dialog.getByRole('list', { name: 'Documents of the order' });
  for (const kind of ['Staff cover sheet', 'Formation document', 'Operating agreement', 'EIN worksheet'])
    await expect(documents.getByRole('button', { name: `Download ${kind} version 1` })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'Download Formation document version 1' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Mark Filed records what the state returned: its file number and the filing date.
  await dialog.getByLabel('State file number').fill('L26000123456');
  // The state's filing date: not before the payment (today), not in the future.
  await dialog.getByLabel('Filing date').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: 'Mark Filed' }).click();
  await expect(dialog.getByText('filed', { exact: true })).toBeVisible();
  await expect(dialog.getByText('L26000123456')).toBeVisible();
  // Filed is still pending: paid and not complete until everything it bought is delivered.
  await expectStats(page, start);
  // Mark Complete waits for what was sold: the stamped document, and the EIN with its IRS letter.
  await expect(dialog.getByRole('button', { name: 'Mark Complete' })).toBeDisabled();
  await expect(dialog.getByText(/Not everything the order bought is delivered: the state-stamped formation document is not uploaded/)).toBeVisible();
  const panel = dialog.getByRole('region', { name: 'Documents' });
  await panel.getByLabel('Kind').selectOption('approved_articles');
  // The upload starts when the file is chosen and is recorded after the form's 5-second hold (Undo).
  await panel.getByLabel('PDF file').setInputFiles({ name: 'stamped.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('FILED L26000123456') });
  await expect(documents.getByRole('button', { name: 'Download Approved formation document (state-stamped) version 1' })).toBeVisible({ timeout: 20_000 });
  // The form is cleared once the upload is recorded (then the toast shows): only then choose the next file.
  await expect(page.getByText('Document Uploaded')).toBeVisible();
  await panel.getByLabel('Kind').selectOption('ein_letter');
  await panel.getByLabel('EIN (on the IRS letter)').fill('88-1234567');
  await panel.getByLabel('PDF file').setInputFiles({ name: 'cp575.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('CP 575 88-1234567') });
  await expect(dialog.getByText('EIN 88-1234567', { exact: true })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(dialog.getByText('completed', { exact: true })).toBeVisible();
  await expectStats(page, { ...start, pending: start.pending - 1, completed: start.completed + 1 });
  expect(await countFromList(page)).toEqual({ ...start, pending: start.pending - 1, completed: start.completed + 1 });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The notes were saved on the server.
  const list = await page.request.get('/api/staff/applications?status=completed', { headers: { 'staff-token': await staffToken(page) } });
  const completed = (await list.json()).items.find((a: { id: string }) => a.id === floridaId);
  expect(completed).toMatchObject({
    status: 'completed',
    notes: 'Customer confirmed the business name by phone.',
  });

  await page.getByRole('tab', { name: 'Recent Activity' }).click();
  await expect(page.getByText(`Mark Complete: ${SUNNY} moved from filed to completed`)).toBeVisible();
  await expectAxeClean(page);
});

test('an unpaid order cannot be processed, and the dashboard says why', async ({ page, request }) => {
  await submitApplication(request, { businessName: 'Not Paid Yet LLC', firstName: 'Una' }, false);
  await login(page);
  await showApplications(page);
  await page.getByRole('button', { name: 'View details of Not Paid Yet LLC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Not Paid Yet LLC' });
  await expect(dialog.getByRole('button', { name: 'Start Processing' })).toBeDisabled();
  await expect(dialog.getByText(/Not paid yet: an order is processed, filed and completed only after its payment is recorded/)).toBeVisible();
});

test("a visitor's contact form message shows in the tickets tab", async ({ page, browser, baseURL }) => {
  await login(page);
  const ticketsBefore = await openTickets(page);
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/contact');
  await visitor.getByLabel('Your name').fill('Jordan Lee');
  await visitor.getByLabel('Email').fill('jordan@example.com');
  await visitor.getByLabel('Subject').fill('Question about Wyoming');
  await visitor.getByLabel('Message').fill('Can I file in Wyoming if I live in Ohio?');
  await expectAxeClean(visitor);
  await shoot(visitor, 'contact');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByText('Thank you for your message!')).toBeVisible();
  await visitorContext.close();

  await page.reload();
  await expect(page.locator('[data-stat="Open Tickets"]')).toHaveText(String(ticketsBefore + 1));
  await page.getByRole('tab', { name: 'Support Tickets' }).click();
  const ticket = page.locator('li[data-ticket-status]', { hasText: 'Question about Wyoming' });
  await expect(ticket).toBeVisible();
  await expect(ticket).toHaveAttribute('data-ticket-status', 'open');
  await expect(ticket.getByText('jordan@example.com')).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'tickets');
  await ticket.getByRole('button', { name: /Close ticket/ }).click();
  await expect(ticket).toHaveAttribute('data-ticket-status', 'closed');
  await expect(page.locator('[data-stat="Open Tickets"]')).toHaveText(String(ticketsBefore));
  await ticket.getByRole('button', { name: /Reopen/ }).click();
  await expect(ticket).toHaveAttribute('data-ticket-status', 'open');
});

test('editing the landing hero in the content editor changes the landing page', async ({ page }) => {
  await login(page);
  await page.getByRole('link', { name: 'Content editor' }).click();
  await expect(page.getByRole('heading', { name: 'Content editor', level: 1 })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'content-editor', false);

  const original = (await (await page.request.get('/api/content')).json()).find(
    (i: { page: string; section: string }) => i.page === 'landing' && i.section === 'hero.title',
  );
  expect(original, 'the seed loads the landing hero title').toBeTruthy();
  const heroRow = page.locator(`li[data-content-id="${original.id}"]`);
  const before = (await heroRow.getByTestId('content-preview').textContent()) ?? '';
  expect(before.length).toBeGreaterThan(0);
  await heroRow.getByRole('button', { name: 'Edit landing / hero.title' }).click();
  await page.getByRole('form', { name: 'Edit content' }).getByLabel('Content').fill('Your content deserves a real company');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Content Updated')).toBeVisible();
  await expect(heroRow.getByTestId('content-preview')).toHaveText('Your content deserves a real company');

  const token = await staffToken(page);
  // The site publisher re-renders the landing page from the content table's stream, a moment after the save.
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your content deserves a real company', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // Put the original text back for any later spec on this server.
  const restored = await page.request.patch(`/api/content/${original.id}`, { data: { content: original.content }, headers: { 'staff-token': token } });
  expect(restored.status()).toBe(200);
});

test('an HTML item with an event-handler payload never runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await login(page);
  await page.goto('/content-editor');
  // Only the site's registered texts can be created: the footer tagline has no item until now.
  await page.getByLabel('Page', { exact: true }).selectOption('footer');
  await page.getByLabel('Section', { exact: true }).selectOption('tagline');
  await page.locator('#create-type').selectOption('html');
  await page
    .locator('#create-content')
    .fill('<p>Safe <strong>text</strong></p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">link</a>');
  await page.getByRole('button', { name: 'Create content' }).click();
  await expect(page.getByText('Content Created')).toBeVisible();

  const row = page.locator('li[data-content-id]', { hasText: 'footer / tagline' });
  await expect(row.getByTestId('content-preview')).not.toContainText('onerror');
  await row.getByRole('button', { name: 'Edit footer / tagline' }).click();
  // The preview renders the HTML (cleaned again by DOMPurify); even an unsaved payload typed into the form stays inert.
  await page.locator('#edit-content').fill('<p>Preview</p><img src=x onerror=alert(4)><svg onload=alert(5)></svg>');
  await expect(page.getByTestId('html-preview')).toHaveText('Preview');
  await expect(page.getByTestId('html-preview').locator('img, svg, script, [onerror], [onload]')).toHaveCount(0);
  await expect(page.locator('[onerror], [onload], a[href^="javascript"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Content Updated')).toBeVisible();

  const items = await (await page.request.get('/api/content')).json();
  const stored = items.find((i: { page: string; section: string }) => i.page === 'footer' && i.section === 'tagline');
  expect(stored.content).toBe('<p>Preview</p>');
  // Let every image on the page finish loading or failing (an onerror payload would fire then),
  // and the page run its pending tasks, before checking that no alert() opened a dialog.
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  expect(dialogs).toEqual([]);

  await row.getByRole('button', { name: 'Delete footer / tagline' }).click();
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Content Deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a 401 from a staff call ends the session and returns to login', async ({ page }) => {
  await login(page);
  await page.evaluate(() => localStorage.setItem('staff_token', 'revoked-token-0123456789abcdefghij'));
  await page.reload();
  // Back to the login page, which returns to the dashboard after signing in.
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff$/);
  expect(await page.evaluate(() => localStorage.getItem('staff_token'))).toBeNull();
});

test('the content editor checks the session on load, and a 401 on Save keeps the typed text through a new sign-in', async ({ page }) => {
  await page.goto('/staff/login');
  await page.evaluate(() => localStorage.setItem('staff_token', 'revoked-token-0123456789abcdefghij'));
  await page.goto('/content-editor');
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fcontent-editor$/);

  await login(page);
  const original = (await (await page.request.get('/api/content')).json()).find(
    (i: { page: string; section: string }) => i.page === 'landing' && i.section === 'hero.eyebrow',
  );
  await page.goto('/content-editor');
  await page.getByRole('button', { name: 'Edit landing / hero.eyebrow' }).click();
  await page.locator('#edit-content').fill('Edited while signed out');
  // The session ends (another tab logged out) before Save.
  await page.evaluate(() => localStorage.setItem('staff_token', 'revoked-token-0123456789abcdefghij'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fcontent-editor$/);
  await fillSignIn(page);
  await expect(page).toHaveURL(/\/content-editor$/);
  await expect(page.locator('#edit-content')).toHaveValue('Edited while signed out');
  await expect(page.getByText(/Your unsaved edit of landing \/ hero.eyebrow was kept/)).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Content Updated')).toBeVisible();
  const items = await (await page.request.get('/api/content')).json();
  const saved = items.find((i: { page: string; section: string }) => i.page === 'landing' && i.section === 'hero.eyebrow');
  expect(saved.content).toBe('Edited while signed out');
  // An empty edit is refused in place; nothing is published.
  await page.getByRole('button', { name: 'Edit landing / hero.eyebrow' }).click();
  await page.locator('#edit-content').fill('   ');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Content is required' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Put the original text back for any later spec on this server.
  const restored = await page.request.patch(`/api/content/${original.id}`, {
    data: { content: original.content },
    headers: { 'staff-token': await staffToken(page) },
  });
  expect(restored.status()).toBe(200);
});
