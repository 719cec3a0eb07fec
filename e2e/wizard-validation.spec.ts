import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { choiceCard, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';

/**
 * docs/product.md section 5 in a phone's browser (375 px): each wizard field says what is wrong
 * where it is typed, with the sentence the server gives; Next waits for valid fields; a typed
 * business name is checked on leaving the field (the filing state's rules, and whether a paid
 * order holds it) and again by the server on submission.
 */
const SHOTS = process.env.WIZARD_SHOTS_DIR ?? 'test-results/wizard-validation-screenshots';
const PHONE = { width: 375, height: 812 };

const AVA2 = 'First name can\'t contain "2". Use letters, spaces, apostrophes, hyphens, periods or commas.';
const TRADEMARK = 'Business name can\'t contain "™". A state filing takes letters (accented ones too), digits, spaces and & \' . , ! ? ( ) + @ # : / -';
const TRUST_BANK = 'Names containing "bank", "trust" need approval from a state regulator in Florida, so we can\'t file them as a standard LLC.';
const TAKEN = 'Another application with us has already requested this name. Please choose another name.';

/** The sentence shown beside a field (its aria-describedby error), as a screen reader reads it. */
async function sentenceBeside(field: Locator): Promise<string | null> {
  const id = await field.getAttribute('id');
  return field.page().locator(`[id="${id}-error"]`).textContent({ timeout: 2000 });
}

/** Full-page screenshots at 320, 375 and 1280 px, with nothing scrolling sideways; back to the phone width after. */
async function shoot(page: Page, name: string) {
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: the sticky header is drawn where the page is scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** The whole wizard data of a visitor who answered every step (a submission sends all of it): holder.ts's wizardData, `overrides` replacing some. */
function noorData(overrides: Record<string, unknown>) {
  return wizardData({
    firstName: 'Noor',
    lastName: 'Haddad',
    email: 'noor@example.com',
    phone: '305-555-0111',
    contentTypes: ['food'],
    platforms: ['tiktok'],
    businessName: 'Sunny Bites LLC',
    annualIncome: 0,
    monthlyExpenses: { clothing: 0, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 },
    estimatedSavings: 0,
    ...overrides,
  });
}

/** A paid order holding `businessName` (the offline test card), as another customer's would. */
async function paidOrder(request: APIRequestContext, businessName: string): Promise<void> {
  const data = noorData({ businessName });
  await payWithTestCard(request, await createSubmitted(request, data));
}

test.beforeAll(async ({ request }) => {
  await expect
    .poll(async () => (await request.get('/api/llc-applications/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000, intervals: [500] })
    .toBe(404);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('at 375 px each field says what is wrong where it is typed, autosave never fails, and a typed business name is checked', async ({ page, request }) => {
  const taken = uniqueBusinessName('Taken Reels');
  await paidOrder(request, taken);
  // Every save the wizard makes is accepted: the browser sends nothing the server refuses.
  const saves: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/llc-applications') && ['POST', 'PATCH'].includes(r.request().method())) saves.push(r.status());
  });

  await page.goto('/wizard/1');
  const next = page.getByRole('button', { name: 'Next' });
  const first = page.getByLabel('First name');
  // An untouched empty form marks nothing.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

  await first.fill('Ava2');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill('ava@example.com');
  const phone = page.getByLabel('Phone');
  await phone.fill('+1 (305)  555-0100 EXT. 12');
  await phone.blur();
  await choiceCard(page, 'No').click();
  // Where the visitor lives, when step 1 asks it of everyone.
  const residence = page.getByLabel('Which state do you live in?');
  if (await residence.isVisible()) await residence.selectOption('FL');
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  expect(await sentenceBeside(first)).toBe(AVA2);
  await expect(next).toBeDisabled();
  // The extension is accepted and written as the server stores it.
  await expect(phone).toHaveValue('+1 (305) 555-0100 ext 12');
  await expect(phone).not.toHaveAttribute('aria-invalid');
  await expectAxeClean(page);
  await shoot(page, 'step1-first-name-error');

  // The autosave (2 s after typing) carried the valid fields and was accepted.
  await expect.poll(() => saves.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await first.fill('Ava');
  await expect(first).not.toHaveAttribute('aria-invalid');
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page).toHaveURL(/\/wizard\/2$/);
  await page.getByText('Food', { exact: true }).click();
  await page.getByText('TikTok', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/wizard\/3$/);
  const name = page.getByLabel('Business name');
  const review = page.getByRole('button', { name: 'Review Application' });
  const checks: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/business-names/check-availability')) checks.push(JSON.parse(r.postData() ?? '{}').name);
  });

  await name.fill('Café Crème™');
  await name.blur();
  await expect(name).toHaveValue('Café Crème™ LLC');
  expect(await sentenceBeside(name)).toBe(TRADEMARK);
  await expect(review).toBeDisabled();

  await name.fill('First Trust Bank');
  await name.blur();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(await sentenceBeside(name)).toBe(TRUST_BANK);
  await expect(review).toBeDisabled();
  await expectAxeClean(page);
  await shoot(page, 'step3-business-name-error');

  await name.fill(taken);
  await name.blur();
  await expect.poll(() => sentenceBeside(name)).toBe(TAKEN);
  await expect(review).toBeDisabled();
  // Neither refused-by-rules name was sent: the browser knew.
  expect(checks).toEqual([taken]);

  await name.fill('Café Crème');
  await name.blur();
  await expect(page.getByRole('status').filter({ hasText: 'Café Crème LLC is available' })).toBeVisible();
  await expect(name).not.toHaveAttribute('aria-invalid');
  await review.click();
  await expect(page).toHaveURL(/\/wizard\/4$/);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?applicationId=/);
  expect(saves.filter((s) => s >= 400)).toEqual([]);
  await expect(page.getByText('Failed to save your application')).toHaveCount(0);
});

test("the server refuses a submission whose name breaks the filing state's rules, naming the field; a name paid for by another customer meanwhile lands beside the field", async ({
  page,
  request,
}) => {
  const data = noorData({
    firstName: 'Ava',
    lastName: 'Rivera',
    email: 'ava@example.com',
    phone: '+1 (305) 555-0100 ext 12',
    businessName: 'First Trust Bank LLC',
  });
  const created = await request.post('/api/llc-applications', { data });
  expect(created.status()).toBe(201);
  const { id, resumeSecret } = await created.json();
  const refused = await request.patch(`/api/llc-applications/${id}`, { data: { ...data, completed: true }, headers: { 'x-resume-secret': resumeSecret } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).details).toEqual({ businessName: [TRUST_BANK] });

  // A name that is free when the visitor checks it, and paid for by someone else before they submit:
  // the server's refusal (409 naming businessName) lands beside the field on step 3, not in a toast.
  const raced = uniqueBusinessName('Raced Reels');
  await page.addInitScript(
    (wizard) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('wizardData', wizard);
      localStorage.setItem('wizardCurrentStep', '3');
    },
    JSON.stringify({ ...data, userId: `user-e2e-race-${Date.now()}`, businessName: raced, currentStep: 3 }),
  );
  await page.goto('/wizard/3');
  await expect(page.getByLabel('Business name')).toHaveValue(raced);
  await page.getByRole('button', { name: 'Review Application' }).click();
  await expect(page).toHaveURL(/\/wizard\/4$/);
  await paidOrder(request, raced);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/wizard\/3$/);
  const name = page.getByLabel('Business name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(await sentenceBeside(name)).toBe('This name is already being formed by another customer: choose another name');
  await expect(page.getByText(/is already being formed by another customer: choose another name$/)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Review Application' })).toBeDisabled();
  await shoot(page, 'step3-server-refusal');
  // Answering the field unblocks the step; the new name is checked again before the review.
  await name.fill('Raced Reels Second');
  await name.blur();
  await expect(page.getByRole('status').filter({ hasText: 'Raced Reels Second LLC is available' })).toBeVisible();
  await page.getByRole('button', { name: 'Review Application' }).click();
  await expect(page).toHaveURL(/\/wizard\/4$/);
});
