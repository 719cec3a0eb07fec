import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { putPaidOrder } from '../../../tests/fakes/documents.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { handler as documentLink } from './document-link.ts';
import { handler as getOrder } from './get.ts';

/**
 * Receipts in the vault (docs/product.md section 10, "Receipts"): one for the payment and one for
 * each refund, with the order number, the seller's legal name and address, each line, the total
 * and the payment method, read back with pdftotext (poppler), as a customer's viewer would.
 */
const dir = mkdtempSync(join(tmpdir(), 'receipts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SELLER = { legalName: 'Creator Filings LLC', address: { line1: '500 Brickell Key Drive', line2: 'Suite 300', city: 'Miami', state: 'FL', zip: '33131' } };

async function setSeller(seller: Partial<typeof SELLER>) {
  await ddb().send(
    new PutCommand({
      TableName: tableName('operatorSettings'),
      Item: { id: 'OPERATOR', ...EMPTY_OPERATOR_SETTINGS, ...seller, supportEmail: 'help@creatorfilings.example', version: 1 },
    }),
  );
}

const orderPage = async (id: string) =>
  (await invoke(getOrder, apiEvent({ method: 'GET', route: '/api/orders/{id}', path: `/api/orders/${id}`, pathParameters: { id } }))).body as {
    documents: { id: string; kind: string; title: string }[];
  };
const link = (id: string, documentId: string) =>
  invoke(
    documentLink,
    apiEvent({
      method: 'GET',
      route: '/api/orders/{id}/documents/{documentId}',
      path: `/api/orders/${id}/documents/${documentId}`,
      pathParameters: { id, documentId },
    }),
  );

/** The PDF behind a vault link, as pdftotext reads it. */
async function textOf(id: string, documentId: string): Promise<string> {
  const res = await link(id, documentId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const file = join(dir, `${documentId}.pdf`);
  writeFileSync(file, new Uint8Array(await (await fetch(res.body.url)).arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('receipts in the vault', () => {
  it('a receipt for the payment: order number, seller name and address, each line, total and method', async () => {
    await setSeller(SELLER);
    const app = await putPaidOrder('FL', { operatingAgreement: true, amountPaidCents: 37500, paymentProvider: 'test', paymentReference: 'pi_test_receipt' });
    const receipts = (await orderPage(app.id)).documents.filter((d) => d.kind === 'receipt');
    expect(receipts).toEqual([expect.objectContaining({ title: `Receipt - order ${app.id.slice(0, 8)}` })]);
    const text = await textOf(app.id, receipts[0].id);
    for (const part of [
      'Receipt',
      `Order ${app.id.slice(0, 8)}`,
      'Creator Filings LLC',
      '500 Brickell Key Drive, Suite 300, Miami, FL 33131',
      'Total paid',
      '$375',
      'pi_test_receipt',
    ])
      expect(text).toContain(part);
    expect(text).toMatch(/Operating agreement/i);
    expect(text).toMatch(/Payment method\s+\S/);
    // The same file every time it is asked for.
    const again = await textOf(app.id, receipts[0].id);
    expect(again).toBe(text);
  });

  it('a receipt for each refund, once the refund is recorded', async () => {
    await setSeller(SELLER);
    const app = await putPaidOrder('FL', { amountPaidCents: 27500, paymentProvider: 'test' });
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('applications'),
        Key: { id: app.id },
        UpdateExpression: 'SET refunds = :r, amountRefundedCents = :a',
        ExpressionAttributeValues: {
          ':r': [
            {
              id: 're_test_1',
              amountCents: 5000,
              reason: 'Expedite not sold by the state',
              source: 'staff',
              by: 'staff@example.com',
              at: new Date().toISOString(),
            },
          ],
          ':a': 5000,
        },
      }),
    );
    const refunds = (await orderPage(app.id)).documents.filter((d) => d.kind === 'refund_receipt');
    expect(refunds).toHaveLength(1);
    const text = await textOf(app.id, refunds[0].id);
    for (const part of [
      'Refund receipt',
      `Order ${app.id.slice(0, 8)}`,
      'Creator Filings LLC',
      '500 Brickell Key Drive, Suite 300, Miami, FL 33131',
      'Expedite not sold by the state',
      '-$50',
      '$275',
      '$225',
      're_test_1',
    ])
      expect(text).toContain(part);
  });

  it('a receipt for each add-on bought after payment, at the price frozen on it (docs/decisions/0424)', async () => {
    await setSeller(SELLER);
    const app = await putPaidOrder('FL', { amountPaidCents: 27500, paymentProvider: 'test' });
    const paidAt = new Date().toISOString();
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('applications'),
        Key: { id: app.id },
        UpdateExpression: 'SET purchases = :p',
        ExpressionAttributeValues: {
          ':p': [
            {
              id: 'p0123456789abcdef0123456789abcdef',
              key: 'operatingAgreement',
              name: 'Operating agreement template',
              lines: [{ key: 'operatingAgreement', label: 'Operating agreement template', amount: 50 }],
              totalCents: 5000,
              state: 'paid',
              provider: 'test',
              via: 'new-card',
              reference: 'pi_test_p0123456789abcdef0123456789abcdef',
              createdAt: paidAt,
              paidAt,
            },
            {
              id: 'pfedcba9876543210fedcba9876543210',
              key: 'feinFiling',
              name: 'FEIN (EIN) filing',
              lines: [],
              totalCents: 7500,
              state: 'failed',
              provider: 'test',
              via: 'new-card',
              createdAt: paidAt,
            },
          ],
        },
      }),
    );
    const receipts = (await orderPage(app.id)).documents.filter((d) => d.kind === 'receipt');
    expect(receipts.map((r) => r.title)).toEqual(
      expect.arrayContaining([`Receipt - order ${app.id.slice(0, 8)}`, `Receipt - order ${app.id.slice(0, 8)}: Operating agreement template`]),
    );
    expect(receipts).toHaveLength(2);
    const bought = receipts.find((r) => r.title.endsWith('Operating agreement template'));
    const text = await textOf(app.id, bought?.id ?? '');
    for (const part of [
      'Receipt',
      `Order ${app.id.slice(0, 8)}`,
      'Creator Filings LLC',
      'Operating agreement template',
      '$50',
      'pi_test_p0123456789abcdef0123456789abcdef',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('$275');
  });

  it('no receipt names no seller: 409 seller_not_set while the legal name or address is unset', async () => {
    await setSeller({ legalName: 'Creator Filings LLC' });
    const app = await putPaidOrder('FL', { amountPaidCents: 27500, paymentProvider: 'test' });
    const receipt = (await orderPage(app.id)).documents.find((d) => d.kind === 'receipt');
    const res = await link(app.id, receipt?.id ?? '');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('seller_not_set');
  });

  it("the stage's seller (SELLER_LEGAL_NAME, SELLER_ADDRESS) is named while the settings leave it unset; the owner's settings win", async () => {
    const before = { name: process.env.SELLER_LEGAL_NAME, address: process.env.SELLER_ADDRESS };
    process.env.SELLER_LEGAL_NAME = 'Stage Seller LLC';
    process.env.SELLER_ADDRESS = JSON.stringify({ line1: '9 Stage Road', city: 'Tampa', state: 'FL', zip: '33602' });
    resetConfigForTests();
    try {
      await setSeller({});
      const app = await putPaidOrder('FL', { amountPaidCents: 27500, paymentProvider: 'test', paymentReference: 'pi_stage_seller' });
      const receipt = (await orderPage(app.id)).documents.find((d) => d.kind === 'receipt');
      const text = await textOf(app.id, receipt?.id ?? '');
      expect(text).toContain('Stage Seller LLC');
      expect(text).toContain('9 Stage Road, Tampa, FL 33602');

      await setSeller(SELLER);
      const other = await putPaidOrder('FL', { amountPaidCents: 27500, paymentProvider: 'test', paymentReference: 'pi_owner_seller' });
      const owners = await textOf(other.id, (await orderPage(other.id)).documents.find((d) => d.kind === 'receipt')?.id ?? '');
      expect(owners).toContain('Creator Filings LLC');
      expect(owners).not.toContain('Stage Seller LLC');
    } finally {
      for (const [key, value] of [
        ['SELLER_LEGAL_NAME', before.name],
        ['SELLER_ADDRESS', before.address],
      ] as const)
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      resetConfigForTests();
    }
  });
});
