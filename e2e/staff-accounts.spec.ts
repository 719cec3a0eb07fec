import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { LEGAL_DOCUMENTS, TERMS_VERSION } from '#shared/legal/versions.ts';
import { expectAxeClean } from './axe.ts';
import { createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { acceptLinkIn, codeFor, invitationTo, showApplications, signInOnPage, staffToken } from './staff-session.ts';

/**
 * Running the business with a person behind every staff action: the owner invites a person by
 * email, they accept (password + authenticator app), sign in with the second factor, work, and
 * every action is in the audit trail under their name; a staff-role person is refused the owner's
 * routes; removing them ends their session at once. Then the owner's settings reach the footer
 * and the legal pages, no page says "coming soon", and a paid order records the terms version.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.STAFF_SCREENSHOTS_DIR ?? join('test-results', 'staff-accounts-screens');
mkdirSync(SHOTS, { recursive: true });
const RILEY = `riley.${Date.now().toString(36)}@creator-llc.example`;
const RILEY_PASSWORD = 'riley has a long password';
let rileySecret = '';
let rileyLastCode = '';
let rileyRecoveryCode = '';
let applicationId = '';
// A retry runs the group again from beforeAll: a name of this run's own, so it is not taken by the try before.
const BUSINESS = uniqueBusinessName('Audit Trail Media');

/** A code of a time step not used yet (a code is good once): waits for the next step when needed. */
async function freshCode(secret: string, used: string): Promise<string> {
  for (;;) {
    const code = codeFor(secret);
    if (code !== used) return code;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Screenshots at phone and desktop widths, and no sideways scrolling at any of them. */
async function shoot(page: Page, name: string) {
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(clientWidth);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A paid application through the public API (the offline test card). */
async function paidApplication(request: APIRequestContext, businessName: string): Promise<string> {
  const data = wizardData({
    firstName: 'Nia',
    lastName: 'Brooks',
    email: 'nia@example.com',
    phone: '305-555-0100',
    businessName,
    annualIncome: 60000,
    monthlyExpenses: { clothing: 0, meals: 0, equipment: 100, travel: 0, entertainment: 0, other: 0 },
    estimatedSavings: 300,
    completed: true,
  });
  const id = await createSubmitted(request, data);
  await payWithTestCard(request, id);
  return id;
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 90_000 }).toBe(200);
  applicationId = await paidApplication(request, BUSINESS);
});

test('the owner invites a person, who accepts with a password and an authenticator app', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signInOnPage(page);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await page.getByLabel('Name').fill('Riley Park');
  await page.getByLabel('Email').fill(RILEY);
  await page.getByLabel('Role', { exact: true }).selectOption('processor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation Sent')).toBeVisible();
  await expect(page.locator(`li[data-person="${RILEY}"]`)).toContainText('Invited: the link works until');
  await expectAxeClean(page);
  await shoot(page, 'people');

  const email = await invitationTo(RILEY);
  expect(email.subject).toBe('You are invited to the CreatorLLC staff dashboard');
  const riley = await newPage(browser, baseURL);
  await riley.goto(acceptLinkIn(email));
  await expect(riley.getByText(`you will sign in as ${RILEY}`)).toBeVisible();
  // The token leaves the address bar once read.
  await expect(riley).toHaveURL(/\/staff\/accept$/);
  await expectAxeClean(riley);
  await shoot(riley, 'accept-invitation');
  await riley.getByLabel('New password').fill(RILEY_PASSWORD);
  await riley.getByLabel('Repeat the password').fill(RILEY_PASSWORD);
  rileySecret = ((await riley.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  rileyLastCode = codeFor(rileySecret);
  await riley.getByLabel('Authentication code').fill(rileyLastCode);
  await riley.getByRole('button', { name: 'Accept and sign in' }).click();
  // Ten recovery codes, shown once, before the dashboard.
  const codes = riley.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  rileyRecoveryCode = (await codes.first().textContent()) ?? '';
  await expectAxeClean(riley);
  await riley.getByRole('button', { name: 'I have saved them: continue' }).click();
  await expect(riley).toHaveURL(/\/staff$/);
  await expect(riley.getByRole('heading', { name: 'Staff dashboard' })).toBeVisible();
  // A processor sees no owner screens.
  const nav = riley.getByRole('navigation', { name: 'Staff' });
  await expect(nav.getByRole('link', { name: 'Your account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await riley.context().close();
});

test('the person signs in with the second factor, works, and is refused the owner’s routes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/staff/login');
  await page.getByLabel('Email').fill(RILEY);
  await page.getByLabel('Password').fill(RILEY_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'login-code');
  rileyLastCode = await freshCode(rileySecret, rileyLastCode);
  await page.getByLabel('Authentication code').fill(rileyLastCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/staff$/);

  // Work: notes on an order.
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${BUSINESS}` }).click();
  const dialog = page.getByRole('dialog', { name: BUSINESS });
  // The order is paid, but Refund is the owner's: once the page knows who is signed in, a
  // staff-role person is not shown it.
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Your account' })).toHaveAttribute('title', `Signed in as ${RILEY}`);
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refund payment' })).toHaveCount(0);
  await dialog.getByLabel('Notes').fill('Called Nia about the address.');
  await dialog.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Notes Saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The owner's routes answer 403 to a staff-role person, whatever the screen shows.
  const token = await page.evaluate(() => localStorage.getItem('staff_token') ?? '');
  const headers = { 'staff-token': token };
  const refused = [
    await page.request.put('/api/staff/operator-settings', { headers, data: {} }),
    await page.request.get('/api/staff/people', { headers }),
    await page.request.post('/api/staff/people', { headers, data: { email: 'x@creator-llc.example', name: 'X', role: 'owner' } }),
    await page.request.post(`/api/staff/applications/${applicationId}/tax-id/reveal`, { headers }),
    await page.request.post(`/api/staff/applications/${applicationId}/refund`, { headers }),
  ];
  for (const res of refused) {
    expect(res.status(), res.url()).toBe(403);
    expect(await res.json()).toEqual({ error: 'Only an owner may do this', code: 'owner_only' });
  }
  await page.goto('/staff/settings');
  await expect(page.getByText('Only an owner can change the operator settings.')).toBeVisible();

  // Their sessions are listed on their account.
  await page.goto('/staff/account');
  await expect(page.getByText('This browser')).toBeVisible();
  await expect(page.getByText('Authenticator app, added')).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'account');
});

test('each action is in the audit trail under the person; removing them ends their session at once', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // Riley is signed in in a browser of their own while the owner works.
  const riley = await newPage(browser, baseURL);
  await riley.goto('/staff/login');
  await riley.getByLabel('Email').fill(RILEY);
  await riley.getByLabel('Password').fill(RILEY_PASSWORD);
  await riley.getByRole('button', { name: 'Sign in' }).click();
  // Without the phone: one of the recovery codes saved at the invitation.
  await riley.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await riley.getByLabel('Recovery code').fill(rileyRecoveryCode);
  await riley.getByRole('button', { name: 'Verify' }).click();
  await expect(riley).toHaveURL(/\/staff$/);

  await signInOnPage(page);
  await page.getByRole('link', { name: 'Audit trail' }).click();
  await page.getByLabel('Person').selectOption({ label: RILEY });
  const entries = page.getByRole('list', { name: 'Audit entries' });
  for (const action of ['Invitation accepted', 'Signed in', 'Recovery code used', 'Notes changed'])
    await expect(entries.getByText(action, { exact: true }).first()).toBeVisible();
  await expect(entries.locator('li[data-audit-action="application_notes_changed"]').first()).toContainText('notes: Called Nia about the address.');
  await expect(entries.locator('li[data-audit-action="application_notes_changed"]').first()).toContainText(`By ${RILEY} (processor)`);
  await expectAxeClean(page);
  await shoot(page, 'audit');
  // By order: everything done to this one order.
  await page.getByLabel('Person').selectOption('');
  await page.getByLabel('Order', { exact: true }).fill(applicationId);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(entries.locator('li').first()).toContainText(applicationId);
  // By action: the invitation the owner sent.
  await page.getByLabel('Order', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Action').selectOption('person_invited');
  await expect(entries.locator('li').first()).toContainText(RILEY);

  // The owner removes Riley; Riley's next request is refused and their screen goes to the login.
  await page.goto('/staff/people');
  const row = page.locator(`li[data-person="${RILEY}"]`);
  await expect(row).toContainText(/[1-9]\d* live sessions?/);
  await row.getByRole('button', { name: 'Remove' }).click();
  await row.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('Person Removed')).toBeVisible();
  const token = await riley.evaluate(() => localStorage.getItem('staff_token') ?? '');
  expect((await riley.request.get('/api/staff/dashboard', { headers: { 'staff-token': token } })).status()).toBe(401);
  await riley.reload();
  await expect(riley).toHaveURL(/\/staff\/login\?next=%2Fstaff$/);
  const again = await riley.request.post('/api/staff/login', { data: { email: RILEY, password: RILEY_PASSWORD } });
  expect(again.status()).toBe(401);
  await riley.context().close();
  await page.goto(`/staff/audit?action=person_removed`);
  await expect(page.getByRole('list', { name: 'Audit entries' }).locator('li').first()).toContainText(RILEY);
});

test('the operator’s settings reach the footer and the legal pages; no page says coming soon; the order keeps the terms version', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  await signInOnPage(page);
  await expect(page.getByRole('status').filter({ hasText: 'The operator settings are incomplete' })).toBeVisible();
  // The only owner is asked for a second one (Riley, a processor, was removed above).
  await expect(page.getByTestId('second-owner-notice')).toContainText('You are the only owner');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Legal name').fill('Creator Filings LLC');
  await page.getByLabel('Street address').first().fill('100 Biscayne Blvd');
  await page.getByLabel('City').first().fill('Miami');
  await page.getByLabel('State').first().selectOption('FL');
  await page.getByLabel('ZIP code').first().fill('33132');
  await page.getByLabel('Support email').fill('help@creatorfilings.example');
  await page.getByLabel('Support phone').fill('+1 305 555 0100');
  await page.getByLabel('Registered-agent renewal price (US dollars a year)').fill('99');
  await page.getByLabel('Refund terms').fill('Changed your mind before we file? We refund the whole payment.');
  await expectAxeClean(page);
  await shoot(page, 'settings');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings Saved')).toBeVisible();
  // The notice no longer names any of the settings just saved; it may still list states without a
  // registered-agent office (none is set here), which it names since the promises follow the offices.
  await expect(
    page.getByRole('status').filter({ hasText: /Not set: .*\b(legal name|address|support email|support phone|registered-agent renewal price|refund terms)\b/ }),
  ).toHaveCount(0);

  const visitor = await newPage(browser, baseURL);
  // The legal pages are prerendered with the settings: the save re-renders them (the operator
  // settings table's stream, site/publisher), so the page is opened until it is the new one.
  await expect(async () => {
    await visitor.goto('/terms');
    await expect(visitor.getByTestId('operator-identity')).toHaveText(
      'CreatorLLC is run by Creator Filings LLC, 100 Biscayne Blvd, Miami, FL 33132 (“we”, “us”).',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });
  await expect(visitor.getByTestId('renewal-price')).toHaveText('$99');
  await expect(visitor.getByTestId('legal-version')).toContainText(`Version ${LEGAL_DOCUMENTS.terms.version}`);
  await expect(visitor.getByTestId('footer-operator')).toContainText('Creator Filings LLC, 100 Biscayne Blvd, Miami, FL 33132');
  await expectAxeClean(visitor);
  await shoot(visitor, 'terms');
  await visitor.getByRole('navigation', { name: 'Legal', exact: true }).getByRole('link', { name: 'Refund Policy' }).click();
  await expect(visitor.getByTestId('refund-terms')).toHaveText('Changed your mind before we file? We refund the whole payment.');
  await shoot(visitor, 'refund-policy');
  await visitor.getByRole('navigation', { name: 'Legal', exact: true }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(visitor.getByTestId('operator-identity')).toContainText('Creator Filings LLC');
  await expectAxeClean(visitor);
  await shoot(visitor, 'privacy');

  // The landing page's footer (below the fold: it loads as the visitor scrolls): real legal links, no Live Chat or social icons (none configured).
  await visitor.goto('/');
  await expect(async () => {
    await visitor.mouse.wheel(0, 1200);
    await expect(visitor.getByRole('contentinfo')).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await visitor.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await visitor.locator('body').textContent()).not.toMatch(/coming soon/i);
  const footer = visitor.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByText('Live Chat')).toHaveCount(0);
  await expect(footer.getByRole('list', { name: 'Social media' })).toHaveCount(0);
  for (const path of ['/pricing', '/contact', '/terms', '/privacy', '/refund-policy']) {
    await visitor.goto(path);
    await visitor.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(visitor.getByRole('contentinfo')).toBeVisible();
    expect(await visitor.locator('body').textContent(), path).not.toMatch(/coming soon/i);
  }
  await visitor.context().close();

  // The order keeps the version of the terms agreed to when its payment started.
  const list = await request.get('/api/staff/applications', { headers: { 'staff-token': await staffToken(request) } });
  const order = (await list.json()).items.find((a: { id: string }) => a.id === applicationId);
  expect(order.termsVersion).toBe(TERMS_VERSION);
});
