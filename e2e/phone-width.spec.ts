import { expect, type Page, test } from '@playwright/test';
import { asHolder, createSubmitted, uniqueBusinessName, wizardData } from './holder.ts';
import { staffToken as signInByApi } from './staff-session.ts';

/**
 * Nothing scrolls sideways on a 320 px phone, on any page: the document is never wider than the
 * viewport. Wizard steps are visited with their data, checkout and success with a real
 * application, staff screens signed in.
 */
const WIDTH = 320;

const wizard = wizardData({
  userId: 'narrow-visitor-1',
  firstName: 'Maximiliana',
  lastName: 'Featherstonehaugh-Worthington',
  email: 'maximiliana.featherstonehaugh@example.com',
  phone: '305-555-0199',
  state: 'ME',
  residenceState: 'ME',
  contentTypes: ['lifestyle', 'fitness', 'food', 'travel', 'beauty', 'gaming', 'fashion', 'tech', 'pets', 'diy', 'music', 'comedy'],
  platforms: ['instagram', 'tiktok', 'youtube', 'twitter', 'facebook', 'snapchat', 'linkedin', 'twitch'],
  businessName: uniqueBusinessName('Maximiliana Featherstonehaugh Productions'),
  annualIncome: 1_250_000,
  monthlyExpenses: { clothing: 12_000, meals: 3500, equipment: 25_000, travel: 18_000, entertainment: 4000, other: 2500 },
  estimatedSavings: 195_000,
  expeditedFiling: true,
  feinFiling: true,
  operatingAgreement: true,
});

let applicationId = '';
let staffToken = '';

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 60_000 }).toBe(200);
  applicationId = await createSubmitted(request, wizard);
  staffToken = await signInByApi(request);
});

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
    const el = document.scrollingElement!;
    // The innermost elements that reach past the viewport, so a failure says what to fix.
    const wide = [...document.body.querySelectorAll('*')]
      .filter(
        (e) => e.getBoundingClientRect().right > el.clientWidth + 0.5 && ![...e.children].some((c) => c.getBoundingClientRect().right > el.clientWidth + 0.5),
      )
      .slice(0, 5)
      .map((e) => `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') ?? ''}"> ${(e.textContent ?? '').trim().slice(0, 40)}`);
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, wide };
  });
  expect(scrollWidth, `document is ${scrollWidth} px wide in a ${clientWidth} px viewport: ${wide.join('; ')}`).toBeLessThanOrEqual(clientWidth);
}

const pages: { name: string; path: () => string; setup?: (page: Page) => Promise<unknown>; ready: (page: Page) => Promise<void> }[] = [
  { name: 'landing', path: () => '/', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'pricing', path: () => '/pricing', ready: (p) => expect(p.getByTestId('state-card').first()).toBeVisible() },
  ...[1, 2, 3, 4].map((step) => ({
    name: `wizard step ${step}`,
    path: () => `/wizard/${step}`,
    setup: (page: Page) =>
      page.addInitScript(
        ({ data, s }) => {
          if (!sessionStorage.getItem('narrow-seeded')) {
            localStorage.setItem('wizardData', JSON.stringify({ ...data, currentStep: s }));
            localStorage.setItem('wizardCurrentStep', String(s));
            sessionStorage.setItem('narrow-seeded', '1');
          }
        },
        { data: wizard, s: step },
      ),
    ready: (p: Page) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  })),
  {
    name: 'checkout',
    path: () => `/checkout?applicationId=${applicationId}`,
    setup: (page) => asHolder(page, applicationId),
    ready: (p) => expect(p.getByTestId('order-total')).toBeVisible(),
  },
  {
    name: 'success',
    path: () => `/success?provider=stripe&applicationId=${applicationId}`,
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  { name: 'contact', path: () => '/contact', ready: (p) => expect(p.getByLabel('Email')).toBeVisible() },
  { name: 'staff login', path: () => '/staff/login', ready: (p) => expect(p.getByLabel('Password')).toBeVisible() },
  {
    name: 'staff dashboard',
    path: () => '/staff',
    setup: (page) => page.addInitScript((token) => localStorage.setItem('staff_token', token), staffToken),
    ready: (p) => expect(p.getByRole('tab').first()).toBeVisible(),
  },
  {
    name: 'content editor',
    path: () => '/content-editor',
    setup: (page) => page.addInitScript((token) => localStorage.setItem('staff_token', token), staffToken),
    ready: (p) => expect(p.getByRole('heading', { name: 'Content editor', level: 1 })).toBeVisible(),
  },
  { name: 'not found', path: () => '/no-such-page', ready: (p) => expect(p.getByText('Page Not Found')).toBeVisible() },
];

for (const screen of pages) {
  test(`${screen.name} does not scroll sideways at ${WIDTH} px`, async ({ page }) => {
    await page.setViewportSize({ width: WIDTH, height: 640 });
    await screen.setup?.(page);
    await page.goto(screen.path());
    await screen.ready(page);
    // Below-the-fold parts load as the visitor scrolls: walk down the page first.
    for (let y = 0; y < 20; y++) await page.mouse.wheel(0, 800);
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/narrow-${screen.name.replace(/ /g, '-')}-${WIDTH}.png`, fullPage: true });
  });
}
