import { afterEach, describe, expect, it, vi } from 'vitest';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as recordHandler } from './payer-1099.ts';
import { handler as addHandler } from './payer-add.ts';
import { handler as listHandler } from './payers.ts';

/**
 * The January 1099 check (docs/decisions/0430-january-1099-check.md): in January the payers that
 * should send a 1099 for last year are listed from the income map of the saved tax plan; the
 * creator records each form that arrived, and an amount that differs from the map is flagged.
 */
const INCOME = { platform: 30_000, brandDeals: 8_000, tips: 1_000, affiliate: 0, gifted: 0, expenses: 2_000 };
const paidOrder = () =>
  putApplication({
    state: 'FL',
    status: 'completed',
    paymentStatus: 'paid',
    paidAt: '2026-03-01T15:00:00.000Z',
    businessName: 'Bright Pixel Studios LLC',
    savedTaxPlan: { request: { year: 2026, filingStatus: 'single', profit: 37_000 }, incomeMap: INCOME, savedAt: '2026-03-02T10:00:00.000Z' },
  });

const ev = (method: string, route: string, params: Record<string, string>, body?: unknown, secret?: string | null) =>
  apiEvent({
    method,
    route,
    path: Object.entries(params).reduce((p, [k, v]) => p.replace(`{${k}}`, v), route),
    pathParameters: params,
    ...(body !== undefined ? { body } : {}),
    ...(secret !== undefined ? { resumeSecret: secret } : {}),
  });
const list = (id: string) => invoke(listHandler, ev('GET', '/api/orders/{id}/payers', { id }));
const add = (id: string, body: unknown) => invoke(addHandler, ev('POST', '/api/orders/{id}/payers', { id }, body));
const record = (id: string, payerId: string, body: unknown, secret?: string | null) =>
  invoke(recordHandler, ev('PUT', '/api/orders/{id}/payers/{payerId}/forms-1099', { id, payerId }, body, secret));

const YOUTUBE = { name: 'YouTube', kind: 'platform', form: 'platform_tax_page', how: 'tax_page', givenOn: '2024-01-15' };
const BRAND = { name: 'Glow Skincare', kind: 'brand', form: 'w9', how: 'email', givenOn: '2026-04-01' };

afterEach(() => vi.useRealTimers());

describe('PUT /api/orders/{id}/payers/{payerId}/forms-1099', () => {
  it('in January lists each payer above $2,000 from the income map and flags a recorded 1099 that differs', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-10T12:00:00.000Z'), toFake: ['Date'] });
    const app = await paidOrder();
    await add(app.id, YOUTUBE);
    const brand = (await add(app.id, BRAND)).body.payers[1];
    // Mid-year: the checklist is closed.
    expect((await list(app.id)).body.check1099).toMatchObject({ year: 2025, open: false, rows: [] });
    // A year not over yet has no 1099s.
    const early = await record(app.id, brand.id, { year: 2026, received: [] });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('year_not_over');

    vi.setSystemTime(new Date('2027-01-20T12:00:00.000Z'));
    const january = (await list(app.id)).body.check1099;
    expect(january).toMatchObject({ year: 2026, open: true });
    expect(january.rows.map((r: { name: string; paidCents: number; expectedForms: string[] }) => [r.name, r.paidCents, r.expectedForms])).toEqual([
      ['YouTube', 3_000_000, ['1099-K']],
      ['Glow Skincare', 800_000, ['1099-NEC']],
    ]);

    const before = (await readApplication(app.id))?.version as number;
    const res = await record(app.id, brand.id, { year: 2026, received: [{ form: '1099-NEC', amountCents: 720_000 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await readApplication(app.id))?.version).toBe(before + 1);
    const row = res.body.check1099.rows[1];
    expect(row).toMatchObject({ name: 'Glow Skincare', status: 'flagged', received: [{ form: '1099-NEC', amountCents: 720_000, recordedOn: '2027-01-20' }] });
    expect(row.flags[0].kind).toBe('amount-differs');
    expect(row.flags[0].words).toContain('$7,200');

    // Corrected to the map's figure (within $1): no flag; the form keeps the day it was first recorded when unchanged.
    vi.setSystemTime(new Date('2027-02-03T12:00:00.000Z'));
    const fixed = await record(app.id, brand.id, { year: 2026, received: [{ form: '1099-NEC', amountCents: 799_990 }] });
    expect(fixed.body.check1099.rows[1]).toMatchObject({ status: 'ok', flags: [], received: [{ recordedOn: '2027-02-03' }] });
    const stored = (await readApplication(app.id))?.payers?.[1];
    expect(stored?.forms1099).toEqual([{ year: 2026, received: [{ form: '1099-NEC', amountCents: 799_990, recordedOn: '2027-02-03' }] }]);
    expect(stored?.name).toBe('Glow Skincare');
  });

  it('answers a 400 naming the field, 404 for another payer, and only the holder records', async () => {
    vi.useFakeTimers({ now: new Date('2027-01-20T12:00:00.000Z'), toFake: ['Date'] });
    const app = await paidOrder();
    const brand = (await add(app.id, BRAND)).body.payers[0];
    const bad = await record(app.id, brand.id, { year: 2026, expectedForms: ['1099-NEC', '1099-NEC'], received: [{ form: '1099-X', amountCents: -1 }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('expectedForms');
    expect(JSON.stringify(bad.body)).toContain('received');
    expect((await record(app.id, '00000000-0000-4000-8000-000000000000', { year: 2026, received: [] })).status).toBe(404);
    expect((await record(app.id, brand.id, { year: 2026, received: [] }, null)).status).toBeGreaterThanOrEqual(401);
  });
});
