import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { asHolder, choiceCard, createSubmitted, uniqueBusinessName, wizardData } from './holder.ts';

/**
 * One figure per state on every page: Maine's processing time from the state data on the
 * pricing card, the wizard banner, the review, the checkout summary and the success page, each
 * with the date it was checked and the dataset credit; its expedite add-on with the state's own
 * fee; Florida, which sells no expedite, says so. And the landing calculator's figures travel
 * into the wizard.
 */
const MAINE_TIME = '40-55 business days (by mail)';
const CHECKED = 'checked Aug 6, 2026';
const CREDIT = 'US LLC State Requirements Dataset';

/** Mina's answers in Maine (holder.ts's wizardData, a fresh business name each call), `over` replacing some. */
function minaData(over: Record<string, unknown> = {}) {
  return wizardData({
    firstName: 'Mina',
    lastName: 'Maine',
    email: 'mina@example.com',
    phone: '207-555-0101',
    state: 'ME',
    residenceState: 'ME',
    priority: 'homestate',
    contentTypes: ['travel'],
    platforms: ['youtube'],
    businessName: uniqueBusinessName('Mina Coastline'),
    annualIncome: 50000,
    monthlyExpenses: { clothing: 0, meals: 0, equipment: 200, travel: 300, entertainment: 0, other: 0 },
    estimatedSavings: 1500,
    ...over,
  });
}

function submitted(request: APIRequestContext, over: Record<string, unknown> = {}): Promise<string> {
  return createSubmitted(request, minaData(over));
}

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

async function expectMaineFigure(page: Page, where: ReturnType<Page['locator']>) {
  await expect(where).toContainText(MAINE_TIME);
  await expect(where).toContainText(CHECKED);
  await expect(page.getByText(CREDIT).first()).toBeAttached();
}

test("Maine's processing time is the same on every page, dated and credited", async ({ page, request }) => {
  await page.goto('/pricing');
  const card = page.locator('[data-testid="state-card"][data-code="ME"]');
  await expectMaineFigure(page, card);
  await expect(card).toContainText('$50');

  await page.goto('/wizard/1?state=ME');
  await expectMaineFigure(page, page.getByTestId('pricing-banner'));

  await page.evaluate((data) => {
    localStorage.setItem('wizardData', JSON.stringify(data));
    localStorage.setItem('wizardCurrentStep', '4');
  }, minaData());
  await page.goto('/wizard/4');
  await expectMaineFigure(page, page.getByRole('complementary', { name: 'Order summary' }));

  const id = await submitted(request);
  await asHolder(page, id);
  await page.goto(`/checkout?applicationId=${id}`);
  await expectMaineFigure(page, page.getByTestId('processing-time'));
  // Expedited filing: our $75 and Maine's own fee for its cheapest faster tier.
  await page.getByRole('switch', { name: /Expedited filing/ }).click();
  await expect(page.getByText('State expedite fee (24-hour expedited filing (next business day) service)')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$450');
  await page.getByRole('switch', { name: /Expedited filing/ }).click();
  await expect(page.getByTestId('order-total')).toHaveText('$325');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('04101');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const next = page.getByRole('list', { name: 'What happens next' });
  await expect(next).toContainText('We file within 1-2 business days of receiving your filing details');
  await expectMaineFigure(page, next);
});

test('Florida sells no expedite: the add-on says so and cannot be bought', async ({ page, request }) => {
  const id = await submitted(request, { state: 'FL', residenceState: 'FL', priority: 'tax' });
  await asHolder(page, id);
  await page.goto(`/checkout?applicationId=${id}`);
  await expect(page.getByTestId('processing-time')).toContainText('No standard processing time published by Florida');
  await expect(page.getByRole('switch', { name: /Expedited filing/ })).toBeDisabled();
  await expect(page.getByText('Florida sells no expedited processing for an LLC formation, so this add-on is not available.')).toBeVisible();
});

test("the landing calculator's income and expenses carry into step 3", async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#calculator');
  const calculator = page.locator('#calculator');
  await calculator.getByLabel('Annual Income ($)').fill('90000');
  await calculator.getByLabel('Clothing & Styling').fill('500');
  await calculator.getByLabel('Travel & Transportation').fill('250');
  await expect(calculator.getByTestId('calculator-savings')).toHaveText('$2,250');
  await calculator.getByRole('link', { name: 'Start Saving: Form Your LLC' }).click();

  await expect(page).toHaveURL(/\/wizard\/1$/);
  await page.getByLabel('First name').fill('Cal');
  await page.getByLabel('Last name').fill('Culator');
  await page.getByLabel('Email').fill('cal@example.com');
  await page.getByLabel('Phone').fill('305-555-0188');
  await choiceCard(page, 'No').click();
  await page.getByLabel('Which state do you live in?').selectOption('FL');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Music', { exact: true }).click();
  await page.getByText('Twitch', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/wizard\/3$/);
  await expect(page.getByLabel('Annual Income ($)')).toHaveValue('90000');
  await expect(page.getByLabel('Clothing & Styling')).toHaveValue('500');
  await expect(page.getByLabel('Travel & Transportation')).toHaveValue('250');
  await expect(page.getByTestId('calculator-savings')).toHaveText('$2,250');
});
