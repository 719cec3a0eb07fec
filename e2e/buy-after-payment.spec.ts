import { expect, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, holderHeaders, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { sentEmail } from './mail.ts';
import { staffToken } from './staff-session.ts';
import { recordStampedDocument } from './uploads.ts';

/**
 * Add-ons bought after payment (docs/decisions/0424): a customer who did not take the operating
 * agreement at checkout buys it on the order page with the test card. It is owed on the order
 * page, Mark Complete waits for it, staff deliver it (Generate), and the order completes.
 */
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 90_000 }).toBe(404);
});

const ADDRESS = { line1: '1 Ocean Dr', city: 'Miami', state: 'FL', zip: '33139' };

test('the operating agreement bought after payment with the test card is owed, delivered by staff, and Mark Complete waits for it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('Lena Bakes');
  const email = `lena.after-payment.${Date.now()}@example.com`;
  const id = await createSubmitted(
    request,
    wizardData({ firstName: 'Lena', lastName: 'Ortiz', email, businessName, feinFiling: false, operatingAgreement: false }),
  );
  await payWithTestCard(request, id);
  const details = await request.put(`/api/orders/${id}/filing-details`, {
    data: {
      principalOffice: ADDRESS,
      registeredAgent: { kind: 'own', name: 'Biscayne Registered Agents Inc.', address: ADDRESS, consent: true },
      organizer: { name: 'Lena Ortiz', title: 'Organizer', address: ADDRESS },
      signature: { typedName: 'Lena Ortiz', consent: true },
      management: 'member',
      members: [{ name: 'Lena Ortiz', address: ADDRESS, ownershipPercent: 100 }],
    },
    headers: holderHeaders(id),
  });
  expect(details.status(), await details.text()).toBe(200);

  // Staff file the order; the state-stamped document is in: without the add-on it could be completed now.
  const token = await staffToken(request);
  const staff = { 'staff-token': token };
  const move = (body: Record<string, unknown>) => request.patch(`/api/staff/applications/${id}`, { data: body, headers: staff });
  expect((await move({ status: 'processing' })).status()).toBe(200);
  expect((await move({ status: 'filed', fileNumber: 'L26000424001', filedOn: new Date().toISOString().slice(0, 10) })).status()).toBe(200);
  await recordStampedDocument(request, token, id, 'L26000424001');

  // The customer buys the operating agreement on the order page with the test card.
  await asHolder(page, id);
  await page.goto(`/orders/${id}`);
  const offer = page.getByTestId('after-payment-purchases');
  const agreement = offer.locator('[data-addon="operatingAgreement"]');
  await expect(agreement).toContainText('Operating agreement template $50');
  await agreement.getByRole('button', { name: 'Buy for $50' }).click();
  await agreement.getByLabel('Card number').fill('4242 4242 4242 4242');
  await agreement.getByLabel('Expiry').fill('12/34');
  await agreement.getByLabel('CVC').fill('123');
  await agreement.getByLabel('ZIP').fill('10001');
  await agreement.getByRole('button', { name: 'Pay $50' }).click();
  await expect(page.getByText('Added to your order')).toBeVisible();
  await expect(offer.getByRole('list', { name: 'Bought after payment' })).toContainText('Operating agreement template: $50 (Paid, card ending 4242)');
  await expect(agreement).toContainText('Your order has it already');
  await expectAxeClean(page);

  // Owed like an add-on bought at checkout.
  const includes = page.getByRole('region', { name: 'What your order includes' });
  const owed = includes.locator('[data-deliverable="operating_agreement"]');
  await expect(owed).toHaveAttribute('data-delivered', 'false');

  // The receipt email.
  const purchases = await (await request.get(`/api/orders/${id}/purchases`, { headers: holderHeaders(id) })).json();
  const receipt = await sentEmail(`purchase:${id}:${purchases.purchases[0].id}`);
  expect(receipt.subject).toBe(`Receipt: Operating agreement template for ${businessName} ($50)`);
  expect(receipt.body).toContain('Total paid: $50');

  // Buying it again is refused by the server.
  const again = await request.post(`/api/orders/${id}/purchases`, {
    data: {
      addOn: 'operatingAgreement',
      amount: 5000,
      payWith: 'new-card',
      card: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', zip: '10001' },
    },
    headers: holderHeaders(id),
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('already_bought');

  // Mark Complete waits for it.
  const refused = await move({ status: 'completed' });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toMatch(/the operating agreement is not generated/);

  // Staff deliver it (Generate makes it with the other documents), then the order completes.
  const generated = await request.post(`/api/staff/applications/${id}/documents`, { headers: staff });
  expect(generated.status(), await generated.text()).toBe(200);
  expect((await move({ status: 'completed' })).status()).toBe(200);
  const done = await sentEmail(`status:${id}:completed`);
  expect(done.body).toContain('Operating agreement');

  await page.reload();
  await expect(owed).toHaveAttribute('data-delivered', 'true');
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('button', { name: /^Download Operating Agreement of / })).toBeVisible();
});
