import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { choiceCard } from './holder.ts';

// Screenshots for a human look at 375 and 1280 px (WIZARD_SHOTS_DIR overrides the folder).
const SHOTS = process.env.WIZARD_SHOTS_DIR ?? 'test-results/wizard-screenshots';

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function fillStep1(page: Page) {
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill('maya@example.com');
  await page.getByLabel('Phone').fill('305-555-0147');
}

// The web server reports ready once it listens, which can be before DynamoDB Local is up:
// wait until a database-backed route answers (404 for an unknown application).
test.beforeAll(async ({ request }) => {
  await expect
    .poll(async () => (await request.get('/api/llc-applications/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000, intervals: [500] })
    .toBe(404);
});

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('a visitor goes from Get Started through four steps to checkout, and the application is stored as submitted', async ({ page }) => {
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/wizard\/1$/);
  await expect(page.getByRole('heading', { name: "Let's get to know you" })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();

  // The first autosave (2 s after typing starts) creates the application.
  const created = page.waitForResponse((r) => r.url().endsWith('/api/llc-applications') && r.request().method() === 'POST');
  await fillStep1(page);
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await expect(next).toBeDisabled();
  await choiceCard(page, 'No').click();
  await choiceCard(page, 'Privacy').click();
  await page.getByLabel('Which state do you live in?').selectOption('WY');
  await expect(page.getByText('File in Wyoming')).toBeVisible();
  await expect(page.getByTestId('pricing-banner')).toContainText('Wyoming');
  await expect(page.getByTestId('pricing-banner')).toContainText('$250 total ($100 filing + $150 service)');
  await expectNoSeriousViolations(page);
  await shoot(page, 'step1');
  await expect(next).toBeEnabled();
  expect((await created).status()).toBe(201);
  await next.click();

  await expect(page).toHaveURL(/\/wizard\/2$/);
  await expect(page.getByText('Step 2 of 4: Creator Profile')).toBeHidden(); // desktop shows the full indicator
  await page.getByText('Fitness', { exact: true }).click();
  await page.getByText('Food', { exact: true }).click();
  await page.getByText('TikTok', { exact: true }).click();
  await page.getByText('YouTube', { exact: true }).click();
  await expectNoSeriousViolations(page);
  await shoot(page, 'step2');
  const stage1 = page.waitForResponse((r) => r.url().endsWith('/api/webhook/stage1'));
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await stage1).status()).toBe(200);

  await expect(page).toHaveURL(/\/wizard\/3$/);
  await page.getByRole('button', { name: 'Need name ideas?' }).click();
  await page.getByLabel('Keywords (comma-separated)').fill('maya, moves');
  await page.getByRole('button', { name: 'Generate names' }).click();
  const ideas = page.getByRole('list', { name: 'Name suggestions' }).getByRole('button');
  await expect(ideas.first()).toBeVisible();
  expect(await ideas.count()).toBeGreaterThanOrEqual(8);
  const idea = (await ideas.first().textContent())?.trim() ?? '';
  await ideas.first().click();
  await expect(page.getByLabel('Business name')).toHaveValue(`${idea} LLC`);
  await expect(page.getByRole('status').filter({ hasText: 'is available' })).toBeVisible();

  await page.getByLabel('Annual Income ($)').fill('90000');
  await page.getByLabel('Clothing & Styling').fill('500');
  await page.getByLabel('Equipment & Tech').fill('250');
  await expect(page.getByTestId('calculator-savings')).toHaveText('$2,250');
  await expectNoSeriousViolations(page);
  await shoot(page, 'step3');
  const stage2 = page.waitForResponse((r) => r.url().endsWith('/api/webhook/stage2'));
  await page.getByRole('button', { name: 'Review Application' }).click();
  expect((await stage2).status()).toBe(200);

  await expect(page).toHaveURL(/\/wizard\/4$/);
  await expect(page.getByText(`${idea} LLC`)).toBeVisible();
  await expect(page.getByText('maya@example.com', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$250');
  // Wyoming sells expedited service, but not for forming an LLC: the add-on says so and is off.
  await expect(page.getByLabel(/Expedited filing/)).toBeDisabled();
  await expect(page.getByText('Wyoming sells expedited service, but not for forming an LLC, so this add-on is not available.')).toBeVisible();
  await page.getByLabel(/FEIN \(EIN\) filing/).check();
  await expect(page.getByTestId('order-total')).toHaveText('$325');
  await expectNoSeriousViolations(page);
  await shoot(page, 'step4');

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?applicationId=[0-9a-f-]{36}$/);
  await expect(page.getByText('Application Complete!')).toBeVisible();
  const id = new URL(page.url()).searchParams.get('applicationId');
  // The application id stays after submission: "Back to your application" shows the same one.
  expect(await page.evaluate(() => localStorage.getItem('applicationId'))).toBe(id);

  // The browser keeps the resume secret the first save answered; reading the application needs it.
  const secret = await page.evaluate((appId) => (JSON.parse(localStorage.getItem('applicationSecrets') ?? '{}') as Record<string, string>)[appId!], id);
  const res = await page.request.get(`/api/llc-applications/${id}`, { headers: secret ? { 'x-resume-secret': secret } : {} });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.application).toMatchObject({
    id,
    status: 'submitted',
    completed: true,
    firstName: 'Maya',
    businessName: `${idea} LLC`,
    state: 'WY',
    priority: 'privacy',
    contentTypes: ['fitness', 'food'],
    platforms: ['tiktok', 'youtube'],
    annualIncome: 90000,
    estimatedSavings: 2250,
    expeditedFiling: false,
    feinFiling: true,
    operatingAgreement: false,
  });
  expect(body.order.total).toBe(325);
});

test('a reload mid-wizard resumes the step and the data', async ({ page }) => {
  await page.goto('/wizard');
  await fillStep1(page);
  await choiceCard(page, 'Yes').click();
  await page.getByLabel('Which state do you live in?').selectOption('GA');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Music', { exact: true }).click();
  await page.reload();
  await expect(page).toHaveURL(/\/wizard\/2$/);
  await expect(page.getByRole('checkbox', { name: 'Music' })).toBeChecked();
  // Coming back through /wizard resumes at the step the visitor was on.
  await page.goto('/wizard');
  await expect(page).toHaveURL(/\/wizard\/2$/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Maya');
  await expect(page.getByLabel('Which state do you live in?')).toHaveValue('GA');
  await expect(page.getByTestId('pricing-banner')).toContainText('Georgia');
});

test('/wizard?state=TX pre-selects Texas', async ({ page }) => {
  await page.goto('/wizard?state=TX');
  await expect(page).toHaveURL(/\/wizard\/1\?state=TX$/);
  await expect(page.getByTestId('pricing-banner')).toContainText('Texas');
  await expect(page.getByTestId('pricing-banner')).toContainText('$450 total ($300 filing + $150 service)');
});

test('choosing California as home state shows the $800 franchise-tax warning', async ({ page }) => {
  await page.goto('/wizard/1');
  await choiceCard(page, 'Yes').click();
  await expect(page.getByText(/\$800 a year franchise tax/)).toHaveCount(0);
  await page.getByLabel('Which state do you live in?').selectOption('CA');
  await expect(page.getByText(/additional \$800 a year franchise tax/)).toBeVisible();
  await expect(page.getByTestId('pricing-banner')).toContainText('California');
});

test('small screens read "Step N of 4: label"', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/wizard/1');
  await expect(page.getByText('Step 1 of 4: Basic Info')).toBeVisible();
});
