import { expect, type Page, test } from '@playwright/test';
import { asHolder, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
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
let paidId = '';
let staffToken = '';

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 60_000 }).toBe(200);
  applicationId = await createSubmitted(request, wizard);
  paidId = await createSubmitted(request, { ...wizard, userId: 'narrow-visitor-2', businessName: uniqueBusinessName('Maximiliana Paid Productions') });
  await payWithTestCard(request, paidId);
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

/**
 * No control is clipped: every visible field, button and link lies inside the viewport, a field's
 * typed value fits its box (a 5-digit ZIP in a 71 px input did not), and no control cuts its own
 * text. Visually hidden controls (1 px, for screen readers) are left out.
 */
async function expectNoClippedControl(page: Page) {
  const clipped = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const controls = document.querySelectorAll<HTMLElement>(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea, button, a[href]',
    );
    return [...controls]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || getComputedStyle(e).visibility === 'hidden') return false;
        if (r.left < -0.5 || r.right > vw + 0.5) return true;
        // A short value (a ZIP code, a CVC, an expiry) must fit its box; a long name may scroll inside its field, as fields do.
        if (e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement)
          return e.value.length > 0 && e.value.length <= 12 && e.scrollWidth > e.clientWidth + 1;
        return getComputedStyle(e).overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1;
      })
      .slice(0, 5)
      .map(
        (e) =>
          `<${e.tagName.toLowerCase()} id="${e.id}"> ${(e.getAttribute('aria-label') || e.textContent || (e as HTMLInputElement).value || '').trim().slice(0, 40)}`,
      );
  });
  expect(clipped, 'clipped controls').toEqual([]);
}

const pages: { name: string; path: () => string; setup?: (page: Page) => Promise<unknown>; ready: (page: Page) => Promise<void>; staff?: true }[] = [
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
  {
    name: 'checkout card form filled',
    path: () => `/checkout?applicationId=${applicationId}`,
    setup: (page) => asHolder(page, applicationId),
    ready: async (p) => {
      await expect(p.getByTestId('order-total')).toBeVisible();
      await p.getByLabel('Card number').fill('4242 4242 4242 4242');
      await p.getByLabel('Expiry').fill('12/34');
      await p.getByLabel('CVC').fill('123');
      await p.getByLabel('ZIP').fill('10001');
    },
  },
  {
    name: 'order page',
    path: () => `/orders/${paidId}`,
    setup: (page) => asHolder(page, paidId),
    ready: (p) => expect(p.getByRole('form', { name: 'Filing details' })).toBeVisible(),
  },
  { name: 'find my order', path: () => '/find-order', ready: (p) => expect(p.getByLabel('Email')).toBeVisible() },
  { name: 'tax plan', path: () => '/tax-plan', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'terms', path: () => '/terms', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'privacy', path: () => '/privacy', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'refund policy', path: () => '/refund-policy', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    name: 'reminders unsubscribe',
    path: () => `/reminders/unsubscribe#token=${paidId}.${'a'.repeat(43)}`,
    ready: (p) => expect(p.getByRole('button', { name: 'Turn off deadline reminders' })).toBeVisible(),
  },
  { name: 'contact', path: () => '/contact', ready: (p) => expect(p.getByLabel('Email')).toBeVisible() },
  { name: 'staff login', path: () => '/staff/login', ready: (p) => expect(p.getByLabel('Password')).toBeVisible(), staff: true },
  {
    name: 'staff dashboard',
    path: () => '/staff',
    setup: (page) => page.addInitScript((token) => localStorage.setItem('staff_token', token), staffToken),
    ready: (p) => expect(p.getByRole('tab').first()).toBeVisible(),
    staff: true,
  },
  {
    name: 'content editor',
    path: () => '/content-editor',
    setup: (page) => page.addInitScript((token) => localStorage.setItem('staff_token', token), staffToken),
    ready: (p) => expect(p.getByRole('heading', { name: 'Content editor', level: 1 })).toBeVisible(),
    staff: true,
  },
  { name: 'not found', path: () => '/no-such-page', ready: (p) => expect(p.getByText('Page Not Found')).toBeVisible() },
];

for (const screen of pages) {
  test(`${screen.name} does not scroll sideways or clip a control at ${WIDTH} px`, async ({ page }) => {
    await page.setViewportSize({ width: WIDTH, height: 640 });
    await screen.setup?.(page);
    await page.goto(screen.path());
    await screen.ready(page);
    // Below-the-fold parts load as the visitor scrolls: walk down the page first.
    for (let y = 0; y < 20; y++) await page.mouse.wheel(0, 800);
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page);
    // Customers' pages (the staff screens are checked for sideways scrolling only).
    if (!screen.staff) await expectNoClippedControl(page);
    await page.screenshot({
      path: `${process.env.SCREENSHOT_DIR ?? 'test-results/screens'}/narrow-${screen.name.replace(/ /g, '-')}-${WIDTH}.png`,
      fullPage: true,
    });
  });
}
