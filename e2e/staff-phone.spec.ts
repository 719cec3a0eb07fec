import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { completeFilingDetails, createSubmitted, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { showApplications, signInOnPage } from './staff-session.ts';

/**
 * Staff work from a phone: on a 375 x 667 screen the application modal keeps its actions in view
 * (only its body scrolls), so Start Processing, Refund and Close are reachable without scrolling
 * past the order's details. The screenshots are kept for a look in test-results/ (ignored by git).
 */
const SHOTS = process.env.STAFF_SCREENSHOTS_DIR ?? join('test-results', 'staff-screens');

const data = wizardData({
  businessName: uniqueBusinessName('Pocket Screen Studios'),
  // Every add-on: the longest modal (EIN details, documents, notes).
  expeditedFiling: true,
  feinFiling: true,
  operatingAgreement: true,
  completed: true,
});

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 90_000 }).toBe(200);
  const id = await createSubmitted(request, data);
  await payWithTestCard(request, id);
  await completeFilingDetails(request, id, data);
});

test('at 375 px every action of the application modal is on screen and works', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await signInOnPage(page);
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${data.businessName}` }).click();
  const dialog = page.getByRole('dialog', { name: data.businessName as string });
  await expect(dialog).toBeVisible();
  const actions = [
    dialog.getByRole('button', { name: 'Start Processing' }),
    dialog.getByRole('button', { name: 'Refund payment' }),
    dialog.getByRole('button', { name: 'Close', exact: true }),
  ];
  for (const action of actions) await expect(action).toBeInViewport({ ratio: 1 });
  // The dialog fits the screen: nothing of it is below the fold.
  const box = await dialog.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(667);
  await page.screenshot({ path: join(SHOTS, 'application-modal-375.png') });

  await actions[0].click();
  await expect(dialog.getByRole('button', { name: 'Mark Filed' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: join(SHOTS, 'application-modal-processing-375.png') });
});
