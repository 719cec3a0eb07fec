import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, holderHeaders, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { sentEmail } from './mail.ts';
import { showApplications, signInOnPage, staffToken } from './staff-session.ts';
import { onePagePdf } from './uploads.ts';

/**
 * Done means delivered (docs/product.md section 10, "Deliverables"): an order with the EIN and
 * the operating agreement cannot be completed until the state-stamped document is uploaded and
 * the EIN is recorded with its IRS letter. The customer then sees all three on the order page,
 * gets an email for each, and the SSN is gone.
 */
const SHOTS = process.env.DELIVERABLES_SCREENSHOTS_DIR ?? join('test-results', 'deliverables-screens');
mkdirSync(SHOTS, { recursive: true });

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 90_000 }).toBe(404);
});

const ADDRESS = { line1: '1 Ocean Dr', city: 'Miami', state: 'FL', zip: '33139' };

async function paidOrderWithEinAndAgreement(request: APIRequestContext, businessName: string): Promise<string> {
  const id = await createSubmitted(
    request,
    wizardData({ firstName: 'Rosa', lastName: 'Diaz', email: 'rosa.deliverables@example.com', businessName, feinFiling: true, operatingAgreement: true }),
  );
  await payWithTestCard(request, id);
  const details = await request.put(`/api/orders/${id}/filing-details`, {
    data: {
      principalOffice: ADDRESS,
      registeredAgent: { kind: 'own', name: 'Biscayne Registered Agents Inc.', address: ADDRESS, consent: true },
      organizer: { name: 'Rosa Diaz', title: 'Organizer', address: ADDRESS },
      signature: { typedName: 'Rosa Diaz', consent: true },
      management: 'member',
      members: [{ name: 'Rosa Diaz', address: ADDRESS, ownershipPercent: 100 }],
      ein: {
        responsibleParty: { name: 'Rosa Diaz', taxIdType: 'ssn', taxId: '123-45-6789' },
        businessActivity: 'Cooking videos',
        startDate: '2026-12-01',
        fiscalYearEndMonth: 12,
      },
    },
    headers: holderHeaders(id),
  });
  expect(details.status(), await details.text()).toBe(200);
  return id;
}

async function shoot(page: Page, part: Locator, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await part.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('EIN and operating agreement: Mark Complete waits for the stamped document and the EIN with its letter; the customer gets all three, an email for each, and the SSN is deleted', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('Rosa Cooks');
  const id = await paidOrderWithEinAndAgreement(request, businessName);
  const token = await staffToken(request);
  const staff = { 'staff-token': token };
  const move = (body: Record<string, unknown>) => request.patch(`/api/staff/applications/${id}`, { data: body, headers: staff });
  expect((await move({ status: 'processing' })).status()).toBe(200);
  // A filing date before the payment is refused with a sentence.
  const early = await move({ status: 'filed', fileNumber: 'L26000777001', filedOn: '2026-01-02' });
  expect(early.status()).toBe(400);
  expect((await early.json()).error).toMatch(/^The filing date cannot be before the order was paid/);
  expect((await move({ status: 'filed', fileNumber: 'L26000777001', filedOn: new Date().toISOString().slice(0, 10) })).status()).toBe(200);

  // The server refuses Mark Complete, naming what is missing.
  const refused = await move({ status: 'completed' });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toBe(
    'Cannot move this application to completed: Not everything the order bought is delivered: the state-stamped formation document is not uploaded; the EIN is not recorded and the IRS confirmation letter is not uploaded',
  );

  // The staff modal: the checklist with what is missing, and the button says why not.
  await signInOnPage(page);
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${businessName}` }).click();
  const dialog = page.getByRole('dialog', { name: businessName });
  const checklist = dialog.getByRole('list', { name: 'Deliverables' });
  await expect(checklist.getByText('Missing: the state-stamped formation document is not uploaded')).toBeVisible();
  await expect(checklist.locator('[data-deliverable="operating_agreement"]')).toHaveAttribute('data-delivered', 'true');
  await expect(dialog.getByRole('button', { name: 'Mark Complete' })).toBeDisabled();
  await shoot(page, dialog.getByRole('region', { name: 'Deliverables' }), 'staff-missing');
  await expectAxeClean(page);

  const panel = dialog.getByRole('region', { name: 'Documents' });
  await panel.getByLabel('Kind').selectOption('approved_articles');
  // The upload starts when the file is chosen and is recorded after the form's 5-second hold (Undo).
  await panel.getByLabel('PDF file').setInputFiles({ name: 'stamped.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('FILED L26000777001') });
  await expect(checklist.locator('[data-deliverable="formation"]')).toHaveAttribute('data-delivered', 'true', { timeout: 20_000 });
  // The form is cleared once the upload is recorded (then the toast shows): only then choose the next file.
  await expect(page.getByText('Document Uploaded')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark Complete' })).toBeDisabled();

  await panel.getByLabel('Kind').selectOption('ein_letter');
  // Chosen before the EIN is typed: the form says what it needs and waits for Upload.
  await panel.getByLabel('PDF file').setInputFiles({ name: 'cp575.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('CP 575: EIN 88-1234567') });
  await panel.getByLabel('EIN (on the IRS letter)').fill('07-1234567');
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('No EIN starts with 07');
  await panel.getByLabel('EIN (on the IRS letter)').fill('88-1234567');
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(checklist.locator('[data-deliverable="ein"]')).toHaveAttribute('data-delivered', 'true', { timeout: 20_000 });
  await expect(dialog.getByText('EIN 88-1234567', { exact: true })).toBeVisible();
  await shoot(page, dialog.getByRole('region', { name: 'Deliverables' }), 'staff-delivered');
  await dialog.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(dialog.getByText('completed', { exact: true })).toBeVisible();

  // The SSN is gone: staff see no tax id on file, and there is nothing to reveal.
  const listed = await (await request.get('/api/staff/applications?status=completed', { headers: staff })).json();
  expect(listed.items.find((a: { id: string }) => a.id === id)).toMatchObject({ taxIdOnFile: false, ein: '88-1234567' });
  expect((await request.post(`/api/staff/applications/${id}/tax-id/reveal`, { headers: staff })).ok()).toBe(false);

  // An email for each delivery, and the completion email lists all three.
  const docs = (await (await request.get(`/api/staff/applications/${id}/documents`, { headers: staff })).json()).documents as { id: string; kind: string }[];
  const stampedMail = await sentEmail(`deliverable:${id}:${docs.find((d) => d.kind === 'approved_articles')?.id}`);
  expect(stampedMail.subject).toBe(`Your state-approved formation document is ready: ${businessName}`);
  const einMail = await sentEmail(`deliverable:${id}:${docs.find((d) => d.kind === 'ein_letter')?.id}`);
  expect(einMail.subject).toBe(`Your EIN is ready: ${businessName}`);
  expect(einMail.body).toContain('88-1234567');
  expect(einMail.body).toContain('we deleted the SSN/ITIN');
  const done = await sentEmail(`status:${id}:completed`);
  for (const line of ['State-approved formation document', 'EIN and IRS confirmation letter: EIN 88-1234567', 'Operating agreement'])
    expect(done.body).toContain(line);

  // The customer sees all three, with dates, and the EIN.
  const customer = await browser.newContext({ baseURL });
  const order = await customer.newPage();
  await asHolder(order, id);
  await order.goto(`/orders/${id}`);
  const section = order.getByRole('region', { name: 'What your order includes' });
  await expect(section.getByText('88-1234567', { exact: true })).toBeVisible();
  for (const key of ['formation', 'ein', 'operating_agreement'])
    await expect(section.locator(`[data-deliverable="${key}"]`)).toHaveAttribute('data-delivered', 'true');
  await expect(section.getByText(/In your vault since [A-Z][a-z]+ \d{1,2}, \d{4}/).first()).toBeVisible();
  const vault = order.getByRole('list', { name: 'Documents' });
  await expect(vault.getByText('EIN confirmation letter (IRS)')).toBeVisible();
  await expect(vault.getByText('Approved formation document (state-stamped)')).toBeVisible();
  await expectAxeClean(order);
  await shoot(order, section, 'order-checklist');
  await customer.close();
});
