import { expect, test } from '@playwright/test';
import { asHolder, createSubmitted, holderHeaders, uniqueBusinessName, wizardData } from './holder.ts';
import { ensureAgentOffice } from './operator.ts';
import { staffToken } from './staff-session.ts';

/**
 * The registered agent renewal's card (docs/product.md "Recurring charges"): the checkout asks to
 * keep the card where we offer our agent, the test card pays, and once the customer agrees to the
 * renewal the order page says which card is charged and how long a failed charge leaves to pay.
 * (The renewal date itself, a year on, is in functions/compliance/renewal.test.ts with an injected clock.)
 */
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

test('checkout keeps the card for the renewal; the order page names it and the grace period', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await staffToken(request);
  await ensureAgentOffice(request, token, 'FL', { line1: '100 Biscayne Blvd', city: 'Miami', zip: '33132' });
  const data = wizardData({ email: 'rene.renewal@example.com', firstName: 'Rene', lastName: 'Walsh', businessName: uniqueBusinessName('Rene Renews') });
  const id = await createSubmitted(request, data);

  await asHolder(page, id);
  await page.goto(`/checkout?applicationId=${id}`);
  const keep = page.getByRole('checkbox', { name: 'Keep this card for the registered agent renewal' });
  await expect(keep).not.toBeChecked();
  await expect(page.getByText(/you have 14 days to pay from a link we email you/)).toBeVisible();
  await keep.check();
  await page.getByLabel('Card number').fill('4000 0027 6000 3184');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('10001');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // The customer agrees to the renewal with the filing details.
  const address = { line1: '1 Ocean Dr', city: 'Miami', state: 'FL', zip: '33139' };
  const details = await request.put(`/api/orders/${id}/filing-details`, {
    data: {
      principalOffice: address,
      registeredAgent: { kind: 'ours', renewalConsent: true },
      organizer: { name: 'Rene Walsh', title: 'Organizer', address },
      signature: { typedName: 'Rene Walsh', consent: true },
      management: 'member',
      members: [{ name: 'Rene Walsh', address, ownershipPercent: 100 }],
    },
    headers: holderHeaders(id),
  });
  expect(details.status(), await details.text()).toBe(200);

  await page.goto(`/orders/${id}`);
  const section = page.getByTestId('renewal-charges');
  await expect(section).toContainText(/We charge the \$\d+ you agreed to the card ending 3184 on the renewal date\./);
  await expect(section).toContainText('you have 14 days to pay from the link we email you before the service ends');
});
