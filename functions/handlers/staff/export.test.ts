import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADD_ONS, addOnFlags, availability, FEE_COLUMNS } from '#shared/catalog/catalog.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import { ORDER_COLUMNS, PAYMENT_COLUMNS } from '#shared/staff/exports.ts';
import { STATE_RECORDS } from '#shared/states.ts';
import { batchPut, type FakePerson, putApplication, signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listAudit } from '../../data/audit.ts';
import { handler } from './export.ts';

let owner: FakePerson;
let processor: FakePerson;
beforeAll(async () => {
  [owner, processor] = await Promise.all([signedInPerson({ role: 'owner' }), signedInPerson({ role: 'processor' })]);
});

const exportCsv = (body: unknown, who = owner) => invoke(handler, apiEvent({ method: 'POST', route: '/api/staff/exports', body, headers: who.headers }));

/** The downloaded file as rows of fields (a minimal RFC 4180 reader: quoted fields may hold commas and quotes). */
async function download(url: string): Promise<{ contentType: string | null; disposition: string | null; rows: string[][] }> {
  const res = await fetch(url);
  const text = (await res.text()).replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  return { contentType: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), rows };
}

/** An add-on bought after payment and paid, as the order stores it (docs/decisions/0424). */
const paidPurchase = (key: string, name: string, totalCents: number, details?: Record<string, string>) => ({
  id: `p${randomUUID().replace(/-/g, '')}`,
  key,
  name,
  lines: [{ key, label: name, amount: totalCents / 100 }],
  totalCents,
  ...(details ? { details } : {}),
  state: 'paid',
  provider: 'test',
  via: 'new-card',
  reference: `pi_test_${key}`,
  createdAt: '2026-06-16T12:00:00.000Z',
  paidAt: '2026-06-16T12:00:00.000Z',
});

describe('POST /api/staff/exports', () => {
  it('orders: the filtered list with amounts, fees, add-ons and status dates, as a CSV attachment; audited', async () => {
    const state = 'NH';
    const [ein, plain] = await Promise.all([
      putApplication({
        state,
        feinFiling: true,
        expeditedFiling: false,
        operatingAgreement: false,
        businessName: 'Comma, "Quoted" LLC',
        amountPaidCents: 42500,
      }),
      putApplication({ state, feinFiling: false, businessName: '=HYPERLINK("x") LLC' }),
    ]);
    const res = await exportCsv({ kind: 'orders', filter: { state, addOn: 'feinFiling' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 1, fileName: expect.stringMatching(/^orders-\d{4}-\d{2}-\d{2}\.csv$/) });
    const file = await download(res.body.url);
    expect(file.contentType).toMatch(/^text\/csv/);
    expect(file.disposition).toMatch(/^attachment; filename="orders-/);
    expect(file.rows[0]).toEqual([...ORDER_COLUMNS]);
    expect(file.rows).toHaveLength(2);
    const row = Object.fromEntries(ORDER_COLUMNS.map((c, i) => [c, file.rows[1][i]]));
    expect(row).toMatchObject({
      'Order id': ein.id,
      'Business name': 'Comma, "Quoted" LLC',
      State: state,
      'Add-ons': 'FEIN (EIN) filing',
      'Amount paid (USD)': '425.00',
      'Service fee (USD)': expect.stringMatching(/^\d+\.\d\d$/),
      'State filing fee (USD)': expect.stringMatching(/^\d+\.\d\d$/),
      Paid: '',
      Created: ein.createdAt,
    });
    // A value a spreadsheet would run is written as text.
    const all = await download((await exportCsv({ kind: 'orders', filter: { state } })).body.url);
    expect(all.rows.map((r) => r[10])).toContain(`'=HYPERLINK("x") LLC`);
    expect(all.rows.map((r) => r[1])).toEqual(expect.arrayContaining([ein.id, plain.id]));
    const audit = await listAudit({ personId: owner.person.id });
    expect(audit.items.find((e) => e.action === 'data_exported')).toMatchObject({ after: { kind: 'orders', rows: expect.any(Number) } });
  });

  it('payments: each payment received between two days, from the money entries, with its order', async () => {
    const paidAt = '2025-03-14T10:00:00.000Z';
    const order = await putApplication({
      state: 'WY',
      paidAt,
      amountPaidCents: 27500,
      paymentReference: `pi_${randomUUID().slice(0, 8)}`,
      paymentProvider: 'stripe',
    });
    const other = await putApplication({ state: 'WY', paidAt: '2025-03-20T10:00:00.000Z' });
    const entry = (id: string, at: string, action: string) => ({
      pk: 'FEED#money',
      sk: `${at}#${randomUUID()}`,
      id: randomUUID(),
      action,
      category: 'money',
      description: 'test',
      createdAt: at,
      applicationId: id,
    });
    await batchPut('activity', [
      entry(order.id, paidAt, 'payment_received'),
      entry(order.id, paidAt, 'payment_failed'),
      entry(other.id, '2025-03-20T10:00:00.000Z', 'payment_received'),
    ]);
    const res = await exportCsv({ kind: 'payments', from: '2025-03-14', to: '2025-03-14' });
    expect(res.status).toBe(200);
    const file = await download(res.body.url);
    expect(file.rows[0]).toEqual([...PAYMENT_COLUMNS]);
    expect(file.rows.slice(1).map((r) => [r[0], r[2], r[8]])).toEqual([[paidAt, order.id, '275.00']]);
  });

  it('orders of a day with every add-on sold: each row names its add-on and its fee columns add up to the amount paid', async () => {
    // One paid order per add-on of the catalog, each in a state that sells it, frozen at payment as checkout freezes it.
    const orders = await Promise.all(
      ADD_ONS.map((entry) => {
        const state = STATE_RECORDS.map((r) => r.code).find((code) => availability(entry.key, code).available) as string;
        const flags = addOnFlags({ [entry.key]: true });
        const order = orderForApplication({ state, ...flags })!;
        // An add-on sold after payment only is bought by a paid purchase, never by its flag.
        const laterOnly = 'forOrder' in entry.sale;
        return putApplication({
          state,
          ...flags,
          ...(laterOnly ? { purchases: [paidPurchase(entry.key, entry.name, 9900)] } : {}),
          dbaName: 'Pixel Kitchen',
          paymentStatus: 'paid',
          paidAt: '2026-06-15T12:00:00.000Z',
          amountPaidCents: order.totalCents,
          pricedOrder: { state, totalCents: order.totalCents, ...flags, addOnPrices: order.addOnPrices, pricedAt: '2026-06-15T12:00:00.000Z' },
        }).then((app) => ({ app, entry }));
      }),
    );
    const rows = new Map<string, Record<string, string>>();
    for (const { entry } of orders) {
      // The add-on filter finds each one (the staff list's filter is the same query).
      const file = await download((await exportCsv({ kind: 'orders', filter: { addOn: entry.key } })).body.url);
      for (const r of file.rows.slice(1)) rows.set(r[1], Object.fromEntries(ORDER_COLUMNS.map((c, i) => [c, r[i]])));
    }
    const cents = (v: string | undefined) => Math.round(Number(v || '0') * 100);
    for (const { app, entry } of orders) {
      const row = rows.get(app.id);
      expect(row, `${entry.key} is in the export filtered by it`).toBeDefined();
      expect(row!['Add-ons']).toContain(entry.key === 'dbaRegistration' ? 'DBA "Pixel Kitchen"' : entry.name);
      const parts = FEE_COLUMNS.reduce((sum, c) => sum + cents(row![c.heading]), 0);
      expect(parts, `${entry.key}: fee columns add up to the amount paid`).toBe(cents(row!['Amount paid (USD)']));
      expect(cents(row!['Add-ons total (USD)'])).toBeGreaterThanOrEqual(0);
    }
  });

  it('a DBA bought after payment: the add-on filter finds it, and its row names it with its county; the fee columns still add up to the checkout’s payment', async () => {
    const state = 'NV';
    const order = orderForApplication({ state, ...addOnFlags({}) })!;
    const paidAt = '2026-06-16T12:00:00.000Z';
    const app = await putApplication({
      state,
      ...addOnFlags({}),
      dbaName: 'Pixel Kitchen',
      dbaCounty: 'Clark',
      paymentStatus: 'paid',
      paidAt,
      amountPaidCents: order.totalCents,
      pricedOrder: { state, totalCents: order.totalCents, ...addOnFlags({}), addOnPrices: order.addOnPrices, pricedAt: paidAt },
      purchases: [paidPurchase('dbaRegistration', 'DBA: your creator name registered', 7400, { dbaName: 'Pixel Kitchen', dbaCounty: 'Clark' })],
    });
    // Bought after payment and refunded in full: no longer bought, so not in the filtered export.
    const refunded = await putApplication({
      state,
      ...addOnFlags({}),
      dbaName: 'Gone Name',
      paymentStatus: 'paid',
      purchases: [{ ...paidPurchase('dbaRegistration', 'DBA: your creator name registered', 7400), state: 'refunded', refundedCents: 7400 }],
    });
    const file = await download((await exportCsv({ kind: 'orders', filter: { addOn: 'dbaRegistration' } })).body.url);
    expect(file.rows.some((r) => r[1] === refunded.id)).toBe(false);
    const found = file.rows.find((r) => r[1] === app.id);
    expect(found, 'the add-on filter finds an order that bought it after payment').toBeDefined();
    const row = Object.fromEntries(ORDER_COLUMNS.map((c, i) => [c, found![i]]));
    expect(row['Add-ons']).toBe('DBA "Pixel Kitchen" (Clark County)');
    const cents = (v: string | undefined) => Math.round(Number(v || '0') * 100);
    expect(FEE_COLUMNS.reduce((sum, c) => sum + cents(row[c.heading]), 0)).toBe(cents(row['Amount paid (USD)']));
  });

  it('is the owner’s: a processor is refused; a reversed or too long range and an unknown filter are 400', async () => {
    expect((await exportCsv({ kind: 'orders' }, processor)).status).toBe(403);
    expect(await exportCsv({ kind: 'payments', from: '2025-03-14', to: '2025-03-01' })).toMatchObject({ status: 400, body: { code: expect.any(String) } });
    expect(await exportCsv({ kind: 'payments', from: '2023-01-01', to: '2025-03-01' })).toMatchObject({ status: 400 });
    expect(await exportCsv({ kind: 'orders', filter: { state: 'Wyoming' } })).toMatchObject({ status: 400 });
    expect(await exportCsv({ kind: 'everything' })).toMatchObject({ status: 400 });
  });
});

describe('the CSV file', () => {
  it('sends a long file in parts (a multipart upload) and the parts join up in order', async () => {
    const { CsvFile } = await import('../../exports/csv-file.ts');
    // Parts of 1 KB here (S3's own floor is 5 MB but the last), so a small file takes several.
    const file = new CsvFile('parts.csv', 'n,text\r\n', 1024);
    for (let i = 0; i < 500; i++) await file.write(`${i},line ${i} of the file\r\n`);
    await file.close();
    const text = await (await fetch((await file.link()).url)).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(501);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });
});
