import { afterEach, describe, expect, it, vi } from 'vitest';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { ROUTES, type RouteDef } from '../../routes.ts';
import { handler } from './payers.ts';

/**
 * The customer's payer list in the staff modal (docs/decisions/0437): a processor reads each payer
 * with its form, how and when it was given, its expiry, the "update your W-9" state and the Forms
 * 1099 recorded, and in January the check's flags; support, who may not open orders, gets 403;
 * no staff route changes the list.
 */
const ROUTE = '/api/staff/applications/{id}/payers';
const get = (id: string, headers: Record<string, string>) =>
  invoke(handler, apiEvent({ method: 'GET', route: ROUTE, path: ROUTE.replace('{id}', id), pathParameters: { id }, headers }));

const at = (day: string) => `${day}T12:00:00.000Z`;
const YOUTUBE = {
  id: crypto.randomUUID(),
  name: 'YouTube',
  kind: 'platform',
  form: 'platform_tax_page',
  how: 'tax_page',
  givenOn: '2024-01-15',
  createdAt: at('2026-09-05'),
  updatedAt: at('2026-09-05'),
};
const BRAND = {
  id: crypto.randomUUID(),
  name: 'Glow Skincare',
  kind: 'brand',
  form: 'w9',
  how: 'email',
  givenOn: '2026-10-01',
  note: 'Via their agency',
  forms1099: [{ year: 2026, received: [{ form: '1099-NEC', amountCents: 720_000, recordedOn: '2027-01-18' }] }],
  createdAt: at('2026-09-05'),
  updatedAt: at('2027-01-18'),
};
const orderWithPayers = () =>
  putApplication({
    state: 'FL',
    status: 'completed',
    paymentStatus: 'paid',
    paidAt: at('2026-03-01'),
    businessName: 'Bright Pixel Studios LLC',
    // The election took effect on September 1, 2026; its CP261 was recorded on September 20.
    sCorpElection: { effectiveOn: '2026-09-01', letterId: 'cp261', recordedAt: at('2026-09-20'), recordedBy: 'staff@example.com' },
    savedTaxPlan: {
      request: { year: 2026, filingStatus: 'single', profit: 37_000 },
      incomeMap: { platform: 30_000, brandDeals: 8_000, tips: 1_000, affiliate: 0, gifted: 0, expenses: 2_000 },
      savedAt: at('2026-03-02'),
    },
    payers: [YOUTUBE, BRAND],
  });

afterEach(() => vi.useRealTimers());

describe('GET /api/staff/applications/{id}/payers', () => {
  it('shows a processor the payers, their expiry and W-9 state, and in January the 1099 check with its flag', async () => {
    vi.useFakeTimers({ now: new Date('2027-01-20T12:00:00.000Z'), toFake: ['Date'] });
    const { headers } = await signedInPerson({ role: 'processor' });
    const app = await orderWithPayers();
    const before = (await readApplication(app.id))?.version;

    const res = await get(app.id, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [yt, brand] = res.body.payers;
    expect(yt).toMatchObject({ name: 'YouTube', kind: 'platform', form: 'platform_tax_page', how: 'tax_page', givenOn: '2024-01-15' });
    // Signed in January 2024: YouTube's tax info expires at the end of 2027.
    expect(yt.expiry).toMatchObject({ expiresOn: '2027-12-31', expired: false });
    // Given before the election took effect: the new W-9 is owed; the brand got the form after the CP261.
    expect(yt.w9Update).toBe('needed');
    expect(brand).toMatchObject({ name: 'Glow Skincare', kind: 'brand', form: 'w9', how: 'email', givenOn: '2026-10-01', w9Update: 'done' });
    expect(brand.expiry).toBeUndefined();
    expect(res.body).toMatchObject({ electionEffectiveOn: '2026-09-01', w9UpdatesLeft: 1 });
    // The recorded 1099 with its amount, and the check's flag: $7,200 recorded, $8,000 in the income map.
    expect(brand.forms1099).toEqual([{ year: 2026, received: [{ form: '1099-NEC', amountCents: 720_000, recordedOn: '2027-01-18' }] }]);
    expect(yt.forms1099).toEqual([]);
    const row = res.body.check1099.rows.find((r: { name: string }) => r.name === 'Glow Skincare');
    expect(row).toMatchObject({ status: 'flagged', paidCents: 800_000, paidFrom: 'income-map' });
    expect(row.flags.map((f: { kind: string }) => f.kind)).toEqual(['amount-differs']);
    // Not the W-9 values (the owner's SSN digits), and reading writes nothing.
    expect(res.body.w9).toBeUndefined();
    expect((await readApplication(app.id))?.version).toBe(before);
  });

  it('keeps the recorded 1099s in view after April, when the check itself is closed', async () => {
    vi.useFakeTimers({ now: new Date('2027-06-10T12:00:00.000Z'), toFake: ['Date'] });
    const { headers } = await signedInPerson({ role: 'owner' });
    const app = await orderWithPayers();
    const res = await get(app.id, headers);
    expect(res.status).toBe(200);
    expect(res.body.check1099).toMatchObject({ year: 2026, open: false, rows: [] });
    expect(res.body.payers[1].forms1099[0].received[0].amountCents).toBe(720_000);
  });

  it('refuses support (who may not open orders) with 403, and an unknown order with 404', async () => {
    const app = await orderWithPayers();
    const support = await get(app.id, (await signedInPerson({ role: 'support' })).headers);
    expect(support.status).toBe(403);
    expect(support.body).toEqual({ error: 'Your role cannot do this: it is for processors and owners', code: 'role_not_allowed' });
    expect((await get(crypto.randomUUID(), (await signedInPerson({ role: 'processor' })).headers)).status).toBe(404);
  });

  it('is the only staff route of the payer list: staff never change it', () => {
    const staffPayerRoutes = (ROUTES as readonly RouteDef[]).filter((r) => r.access === 'staff' && r.path.includes('payers'));
    expect(staffPayerRoutes.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${ROUTE}`]);
  });
});
