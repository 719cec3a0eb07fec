import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { pdfFlatText } from '../tests/documents/pdf-text.ts';
import { expectAxeClean } from './axe.ts';
import { asHolder, createSubmitted, holderHeaders, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { showApplications, signInOnPage } from './staff-session.ts';

/**
 * Documents that match what was sold (docs/product.md section 10, "Documents"): a paid order
 * with its filing details, Start Processing in the dashboard generates the filing packet and
 * the operating agreement, the customer finds them in the order page's vault, staff upload the
 * state's approved articles with the file number, and the customer downloads them. A vault link
 * is refused to another order's holder, and by the store once it has expired.
 */
// Outside test-results, which every Playwright run empties.
const SHOTS = process.env.DOCUMENTS_SCREENSHOTS_DIR ?? join('test-results', 'documents-screens');
mkdirSync(SHOTS, { recursive: true });

test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

const ADDRESS = { line1: '1200 Ocean Drive', line2: 'Unit 5', city: 'Miami', state: 'FL', zip: '33139' };
const AGENT = {
  kind: 'own',
  name: 'Biscayne Registered Agents Inc.',
  address: { line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' },
  consent: true,
};

function wizard(businessName: string) {
  return wizardData({
    firstName: 'Zoë',
    lastName: 'Ünlü',
    email: 'zoe.documents@example.com',
    phone: '305-555-0142',
    contentTypes: ['food'],
    platforms: ['youtube'],
    businessName,
    annualIncome: 90000,
    monthlyExpenses: { clothing: 0, meals: 300, equipment: 400, travel: 0, entertainment: 0, other: 0 },
    estimatedSavings: 2100,
    operatingAgreement: true,
  });
}

/** Screenshots of one part of the page at the three widths; neither it nor the page may scroll sideways. */
async function shoot(page: Page, part: Locator, name: string) {
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 780 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    expect(await part.evaluate((el) => el.scrollWidth - el.clientWidth), `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
    await part.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${SHOTS}/documents-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function stampedArticles(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('FILED - Florida Department of State', { x: 72, y: 700, size: 14 });
  return Buffer.from(await doc.save());
}

test('pay → details → Start Processing → vault → approved articles and file number → the customer downloads; another holder and an expired link are refused', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('Café Zoë Ünlü');
  const id = await createSubmitted(request, wizard(businessName));
  await payWithTestCard(request, id);
  const details = await request.put(`/api/orders/${id}/filing-details`, {
    data: {
      principalOffice: ADDRESS,
      registeredAgent: AGENT,
      organizer: { name: 'Zoë Ünlü', title: 'Organizer', address: ADDRESS },
      signature: { typedName: 'Zoë Ünlü', consent: true },
      management: 'member',
      members: [
        { name: 'Zoë Ünlü', address: ADDRESS, ownershipPercent: 70 },
        { name: 'Priya Raman', address: ADDRESS, ownershipPercent: 30 },
      ],
    },
    headers: holderHeaders(id),
  });
  expect(details.status(), await details.text()).toBe(200);
  // Before processing the vault holds only the payment's receipt.
  expect((await details.json()).documents.map((d: { kind: string }) => d.kind)).toEqual(['receipt']);

  // Staff start processing in the dashboard: the documents are generated with the move.
  await signInOnPage(page);
  await showApplications(page);
  await page.getByRole('button', { name: `View details of ${businessName}` }).click();
  const dialog = page.getByRole('dialog', { name: businessName });
  await dialog.getByRole('button', { name: 'Start Processing' }).click();
  await expect(dialog.getByText('processing', { exact: true })).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Documents of the order' });
  for (const kind of ['Staff cover sheet', 'Formation document', 'Operating agreement'])
    await expect(list.getByRole('button', { name: `Download ${kind} version 1` })).toBeVisible();
  await expect(dialog.getByText('Documents not generated')).toHaveCount(0);

  // The customer's vault lists them (not the staff cover sheet).
  const vaultOf = async () =>
    (await (await request.get(`/api/orders/${id}`, { headers: holderHeaders(id) })).json()).documents as { id: string; kind: string; filed?: boolean }[];
  expect((await vaultOf()).map((d) => d.kind).sort()).toEqual(['formation', 'operating_agreement', 'receipt']);

  // Staff upload the state's approved articles with the file number.
  const panel = dialog.getByRole('region', { name: 'Documents' });
  await panel.getByLabel('Kind').selectOption('approved_articles');
  await panel.getByLabel('File number (on the approved document)').fill('L26000555001');
  const stamped = await stampedArticles();
  // The upload starts when the file is chosen and is recorded after the form's 5-second hold (Undo).
  await panel.getByLabel('PDF file').setInputFiles({ name: 'approved-articles.pdf', mimeType: 'application/pdf', buffer: stamped });
  await expect(page.getByText('Document Uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(list.getByRole('button', { name: 'Download Approved formation document (state-stamped) version 1' })).toBeVisible();
  await expect(list.getByText('Filed version')).toBeVisible();
  await expect(list.getByText(/file number L26000555001/)).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, panel, 'staff-panel');

  // The customer downloads them from the order page.
  const customer = await browser.newContext({ baseURL, acceptDownloads: true });
  const order = await customer.newPage();
  await asHolder(order, id);
  await order.goto(`/orders/${id}`);
  const vault = order.getByRole('list', { name: 'Documents' });
  await expect(vault.getByText('Approved formation document (state-stamped)')).toBeVisible();
  await expect(vault.getByText(/filed with the state/)).toBeVisible();
  await shoot(order, order.getByRole('region', { name: 'Documents', exact: true }), 'vault');
  const approvedDownload = order.waitForEvent('download');
  await vault.getByRole('button', { name: 'Download Approved formation document (state-stamped)' }).click();
  const approved = await approvedDownload;
  expect(approved.suggestedFilename()).toMatch(/^approved-articles-[a-z0-9-]+\.pdf$/);
  expect(readFileSync(await approved.path()).equals(stamped)).toBe(true);

  const documents = await vaultOf();
  const formation = documents.find((d) => d.kind === 'formation' && d.filed);
  expect(formation).toBeDefined();
  const formationDownload = order.waitForEvent('download');
  await vault.getByRole('button', { name: /^Download Articles of Organization/ }).click();
  const formationText = await pdfFlatText(new Uint8Array(readFileSync(await (await formationDownload).path())));
  for (const value of [businessName, '1200 Ocean Drive, Unit 5, Miami, FL 33139', 'Biscayne Registered Agents Inc.', 'Zoë Ünlü'])
    expect(formationText).toContain(value);
  await customer.close();

  // A vault link: a PDF attachment with nosniff, for 5 minutes.
  const linkRes = await request.get(`/api/orders/${id}/documents/${formation?.id}`, { headers: holderHeaders(id) });
  expect(linkRes.status()).toBe(200);
  const { url } = (await linkRes.json()) as { url: string };
  expect(url.startsWith(`${baseURL}/documents/orders/${id}/`)).toBe(true);
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(file.headers()['x-content-type-options']).toBe('nosniff');

  // Another order's holder gets nothing.
  const otherId = await createSubmitted(request, wizard(uniqueBusinessName('Other Holder')));
  const refused = await request.get(`/api/orders/${id}/documents/${formation?.id}`, { headers: holderHeaders(otherId) });
  expect(refused.status()).toBe(404);

  // The same link followed six minutes after it was issued: the store refuses it.
  const aged = new URL(url);
  const issued = aged.searchParams.get('X-Amz-Date') as string;
  const at = new Date(
    `${issued.slice(0, 4)}-${issued.slice(4, 6)}-${issued.slice(6, 8)}T${issued.slice(9, 11)}:${issued.slice(11, 13)}:${issued.slice(13, 15)}Z`,
  );
  aged.searchParams.set(
    'X-Amz-Date',
    new Date(at.getTime() - 6 * 60_000)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, ''),
  );
  const expired = await request.get(aged.toString());
  expect(expired.status()).toBe(403);
  // The local documents path refuses an expired link as S3 does (403), in its own words.
  expect(await expired.text()).toMatch(/This document link has expired/);
});
