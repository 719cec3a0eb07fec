import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { asHolder, createSubmitted, holderHeaders, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { orderLinkIn, type SentEmail, sentEmail } from './mail.ts';

/**
 * The way back to an order from any browser (docs/decisions/0275): "find my order" by email
 * alone for a paid order, and an unpaid application continued from its emailed link.
 */

/** The first sent message whose id starts with `prefix` (links are sent once per ten-minute window). */
async function sentEmailStartingWith(prefix: string): Promise<SentEmail> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found = '';
  await expect
    .poll(
      () => {
        found = (existsSync(dir) ? readdirSync(dir) : []).find((f) => f.startsWith(prefix) && f.endsWith('.eml')) ?? '';
        return found;
      },
      { timeout: 30_000, message: `no email ${prefix}*` },
    )
    .not.toBe('');
  return sentEmail(found.replace(/\.eml$/, ''));
}

const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test('a customer who paid in one browser finds the order from another by email alone', async ({ browser, request, baseURL }) => {
  const email = uniqueEmail('finder');
  const businessName = uniqueBusinessName('Finder Films');
  const id = await createSubmitted(request, wizardData({ email, businessName }));
  await payWithTestCard(request, id);

  // A browser that never saw the order: the header leads to "find my order".
  const other = await browser.newContext({ baseURL });
  const page = await other.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find My Order' }).click();
  await expect(page.getByRole('heading', { name: 'Find your order' })).toBeVisible();
  for (const width of [320, 375, 640, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    // The header's buttons keep to one line at every width.
    const getStarted = await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).boundingBox();
    expect(getStarted?.height, `"Get Started" wraps at ${width} px`).toBeLessThan(44);
    await page.screenshot({ path: `test-results/screens/find-order-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // The address typed in other capitals still finds the order.
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Email me my order links' }).click();
  await expect(page.getByRole('status')).toContainText('a link to each is on its way');

  const mail = await sentEmailStartingWith(`order-link:${id}:`);
  expect(mail.to).toContain(email);
  expect(mail.body).toContain('/find-order');
  await page.goto(orderLinkIn(mail, id));
  await expect(page.getByRole('heading', { name: businessName })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/orders/${id}`);

  // An address with no orders gets the very same answer.
  await page.goto('/find-order');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Email me my order links' }).click();
  await expect(page.getByRole('status')).toContainText('a link to each is on its way');
  await other.close();
});

test('an unpaid application continues in a second browser from its emailed link', async ({ page, browser, request, baseURL }) => {
  const email = uniqueEmail('continue');
  const businessName = uniqueBusinessName('Second Screen');
  const id = await createSubmitted(request, wizardData({ email, businessName }));

  // The first browser asks for the link at checkout.
  await asHolder(page, id);
  await page.goto(`/checkout?applicationId=${id}`);
  await page.getByRole('button', { name: 'Email me a link to continue' }).click();
  await expect(page.getByText(`A link is on its way to ${email}`)).toBeVisible();

  const mail = await sentEmailStartingWith(`continue-link:${id}:`);
  expect(mail.subject).toBe(`Continue your application for ${businessName}`);
  const link = new RegExp(`https?://[^\\s"'<>\\]]+/checkout\\?applicationId=${id}#access=[\\w.-]+`).exec(mail.body)?.[0]?.replace(/&amp;/g, '&');
  expect(link, 'the continue link').toBeTruthy();

  // Another browser, with nothing stored: the checkout opens with the application, and its changes save.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto(link ?? '');
  await expect(second.getByRole('button', { name: 'Email me a link to continue' })).toBeVisible();
  await expect(second.getByText('No application found')).toHaveCount(0);
  await expect(second).toHaveURL(`${baseURL}/checkout?applicationId=${id}`);
  const toggle = second.getByRole('switch', { name: /Operating agreement template/ });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/llc-applications/${id}`, { headers: holderHeaders(id) })).json()) as { application: { operatingAgreement: boolean } })
          .application.operatingAgreement,
    )
    .toBe(true);
  await other.close();
});

test('a draft left in the wizard continues in a second browser from its emailed link', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('wizard');
  await page.goto('/wizard/1');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('305-555-0147');
  await page.getByLabel('Which state do you live in?').selectOption('CA');
  // The link is offered before the application was ever saved: asking saves it first.
  const offer = page.getByRole('button', { name: 'Email me a link to continue' });
  await offer.click();
  await expect(page.getByText(`A link is on its way to ${email}`)).toBeVisible();
  const id = await page.evaluate(() => localStorage.getItem('applicationId'));
  expect(id, 'the application the wizard saved').toBeTruthy();

  const mail = await sentEmailStartingWith(`continue-link:${id}:`);
  expect(mail.to).toContain(email);
  const link = new RegExp(`https?://[^\\s"'<>\\]]+/wizard/1\\?applicationId=${id}#access=[\\w.-]+`).exec(mail.body)?.[0]?.replace(/&amp;/g, '&');
  expect(link, 'the continue link').toBeTruthy();

  // Another browser, with nothing stored: the wizard opens with the answers, and the token leaves the address bar.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto(link ?? '');
  await expect(second.getByLabel('First name')).toHaveValue('Nadia');
  await expect(second.getByLabel('Last name')).toHaveValue('Okafor');
  await expect(second.getByLabel('Email')).toHaveValue(email);
  await expect(second.getByLabel('Which state do you live in?')).toHaveValue('CA');
  await expect(second).toHaveURL(`${baseURL}/wizard/1`);
  // Its changes save to the same application.
  expect(await second.evaluate(() => localStorage.getItem('applicationId'))).toBe(id);
  await other.close();
});
