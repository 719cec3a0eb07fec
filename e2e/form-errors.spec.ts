import { expect, test } from '@playwright/test';
import { asHolder, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';

/**
 * A field's sentence appears when the field is left, but never moves a control while the pointer
 * that left the field is still pressed: a human-speed click (button held ~150 ms) on a radio just
 * below an empty required field lands on that radio, at phone and laptop widths.
 */

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

for (const width of [375, 1280]) {
  test(`a radio below an empty required field does not move under a held click (${width} px)`, async ({ page, request }) => {
    const id = await createSubmitted(request, wizardData({ businessName: uniqueBusinessName('Steady Click') }));
    await payWithTestCard(request, id);
    await asHolder(page, id);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/orders/${id}`);
    const form = page.getByRole('form', { name: 'Filing details' });
    await expect(form).toBeVisible();

    // The principal office's ZIP code is required; the customer enters it and leaves it empty.
    const zip = page.getByRole('group', { name: 'Principal office' }).getByLabel('ZIP code');
    const own = page.getByRole('radio', { name: /I have my own registered agent/ });
    const ownLabel = page.locator('label').filter({ has: own });
    // The ZIP code at the top of the screen, the radio below it; no smooth scrolling left running.
    await zip.evaluate((el) => {
      el.scrollIntoView({ block: 'start', behavior: 'instant' });
      (el as HTMLElement).focus({ preventScroll: true });
    });
    const box = await ownLabel.boundingBox();
    if (!box || box.y + box.height > 800) throw new Error('the radio is not on screen');
    // Press and hold, as a person does: the pressed radio stays where it is until the button is released.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await ownLabel.boundingBox(), 'the radio moved while the button was held').toEqual(box);
    await page.mouse.up();
    await expect(own).toBeChecked();
    // The ZIP code's sentence still appears, once the click is done.
    await expect(page.getByText('Enter a 5-digit ZIP code (or ZIP+4)')).toBeVisible();
  });
}
