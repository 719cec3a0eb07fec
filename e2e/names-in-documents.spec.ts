import { expect, test } from '@playwright/test';
import { pdfFlatText } from '../tests/documents/pdf-text.ts';
import { asHolder, createSubmitted, holderHeaders, payWithTestCard, uniqueBusinessName, wizardData } from './holder.ts';
import { staffToken } from './staff-session.ts';

/**
 * Names in documents (docs/product.md section 10, "Documents"): a customer whose name carries
 * combining overlay marks (U+0334-U+0338, which once stopped document generation for good) gets
 * readable PDFs and an order that moves on; a name with a letter no document font has is refused
 * where it is typed, the sentence naming the character.
 */
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/payment-status/00000000-0000-4000-8000-000000000000')).status(), { timeout: 60_000 }).toBe(404);
});

const FIRST = 'Zo\u0335e';
const LAST = 'Ma\u0338rk';
const PERSON = `${FIRST} ${LAST}`;
const ADDRESS = { line1: '1200 Ocean Drive', city: 'Miami', state: 'FL', zip: '33139' };

test('a customer named with combining overlay marks gets readable PDFs and an order that moves on', async ({ page, request }) => {
  test.setTimeout(180_000);
  const businessName = uniqueBusinessName('S\u0336t\u0337udio Ma\u0334rk');
  const id = await createSubmitted(
    request,
    wizardData({ firstName: FIRST, lastName: LAST, email: 'zoe.marks@example.com', businessName, operatingAgreement: true }),
  );
  await payWithTestCard(request, id);
  const details = await request.put(`/api/orders/${id}/filing-details`, {
    data: {
      principalOffice: ADDRESS,
      registeredAgent: { kind: 'own', name: 'Biscayne Registered Agents Inc.', address: { ...ADDRESS, line1: '100 Biscayne Blvd' }, consent: true },
      organizer: { name: PERSON, title: 'Organizer', address: ADDRESS },
      signature: { typedName: PERSON, consent: true },
      management: 'member',
      members: [{ name: PERSON, address: ADDRESS, ownershipPercent: 100 }],
    },
    headers: holderHeaders(id),
  });
  expect(details.status(), await details.text()).toBe(200);

  // Start Processing generates the documents: nothing stuck, nothing for staff to settle.
  const token = await staffToken(request);
  const started = await request.patch(`/api/staff/applications/${id}`, { data: { status: 'processing' }, headers: { 'staff-token': token } });
  expect(started.status(), await started.text()).toBe(200);
  const staffList = await (await request.get(`/api/staff/applications/${id}/documents`, { headers: { 'staff-token': token } })).json();
  expect(staffList.problem).toBeUndefined();
  expect(staffList.missing).toEqual([]);

  // The customer's vault holds them, on the order page and through its links, and each reads as typed.
  await asHolder(page, id);
  await page.goto(`/orders/${id}`);
  const vault = page.getByRole('list', { name: 'Documents' });
  await expect(vault.getByRole('button', { name: /^Download Articles of Organization/ })).toBeVisible();
  await expect(vault.getByRole('button', { name: /^Download Operating Agreement of/ })).toBeVisible();
  const order = await (await request.get(`/api/orders/${id}`, { headers: holderHeaders(id) })).json();
  const kinds = (order.documents as { kind: string }[]).map((d) => d.kind).sort();
  expect(kinds).toEqual(['formation', 'operating_agreement', 'receipt']);
  for (const doc of (order.documents as { id: string; kind: string }[]).filter((d) => d.kind !== 'receipt')) {
    const { url } = await (await request.get(`/api/orders/${id}/documents/${doc.id}`, { headers: holderHeaders(id) })).json();
    const bytes = await (await request.get(url)).body();
    const text = (await pdfFlatText(new Uint8Array(bytes))).normalize('NFC');
    expect(text, doc.kind).toContain(PERSON.normalize('NFC'));
    expect(text, doc.kind).toContain(businessName.normalize('NFC'));
  }
});

test('a name with a letter no document font has is refused where it is typed, naming the character', async ({ page, request }) => {
  // The server says the same sentence to any client.
  const refused = await request.post('/api/llc-applications', { data: wizardData({ firstName: 'ᏣᎳᎩ', businessName: uniqueBusinessName('Cherokee Arts') }) });
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain('First name can\'t contain \\"Ꮳ\\" (U+13E3)');

  await page.goto('/wizard/1');
  const first = page.getByLabel('First name');
  await first.fill('ᏣᎳᎩ');
  await first.blur();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  const id = await first.getAttribute('id');
  await expect(page.locator(`[id="${id}-error"]`)).toContainText(`First name can't contain "Ꮳ" (U+13E3), "Ꮃ" (U+13B3) or "Ꭹ" (U+13A9)`);
});
