import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PAYERS_PER_ORDER } from '#shared/payers/payers.ts';
import { detailsFor, EIN_DETAILS } from '../../../tests/documents/test-fixtures.ts';
import { putApplication, readApplication, setApplicationFields } from '../../../tests/fakes/applications.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as addHandler } from './payer-add.ts';
import { handler as removeHandler } from './payer-remove.ts';
import { handler as saveHandler } from './payer-save.ts';
import { handler as listHandler } from './payers.ts';
import { handler as w9Handler } from './payers-w9.ts';

/**
 * The payers of an LLC and the W-9 switch (docs/decisions/0426-w9-switch.md): the customer lists
 * the platforms and brands that pay the LLC, downloads the W-9 values for its tax status, and once
 * the S election is in effect ticks each payer off the "update your W-9" checklist.
 */
const ONE_OWNER = { ...detailsFor('FL'), members: [detailsFor('FL').members[0]], ein: EIN_DETAILS };
const paidOrder = (over: Record<string, unknown> = {}) =>
  putApplication({
    state: 'FL',
    status: 'completed',
    paymentStatus: 'paid',
    paidAt: '2026-09-01T15:00:00.000Z',
    businessName: 'Bright Pixel Studios LLC',
    firstName: 'Jordan',
    lastName: 'Rivera',
    filingDetails: ONE_OWNER,
    ein: '12-3456789',
    ...over,
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
const list = (id: string, secret?: string | null) => invoke(listHandler, ev('GET', '/api/orders/{id}/payers', { id }, undefined, secret));
const add = (id: string, body: unknown) => invoke(addHandler, ev('POST', '/api/orders/{id}/payers', { id }, body));
const save = (id: string, payerId: string, body: unknown) => invoke(saveHandler, ev('PUT', '/api/orders/{id}/payers/{payerId}', { id, payerId }, body));
const remove = (id: string, payerId: string) => invoke(removeHandler, ev('DELETE', '/api/orders/{id}/payers/{payerId}', { id, payerId }));
const w9 = (id: string) => invoke(w9Handler, ev('GET', '/api/orders/{id}/w9-values', { id }));

const YOUTUBE = { name: 'YouTube', kind: 'platform', form: 'platform_tax_page', how: 'tax_page', givenOn: '2024-01-15' };
const BRAND = { name: 'Glow Skincare', kind: 'brand', form: 'w9', how: 'email', givenOn: '2026-10-01' };

describe('the payer list', () => {
  it('adds, changes and removes payers on the paid order, one versioned write each', async () => {
    const app = await paidOrder();
    const added = await add(app.id, YOUTUBE);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.payers).toHaveLength(1);
    const yt = added.body.payers[0];
    expect(yt).toMatchObject({ name: 'YouTube', w9Update: 'not-needed' });
    // YouTube (AdSense): signed in January 2024, the tax info expires at the end of 2027.
    expect(yt.expiry).toMatchObject({ expiresOn: '2027-12-31' });
    expect((await readApplication(app.id))?.version).toBe(((app.version as number | undefined) ?? 0) + 1);

    const brand = (await add(app.id, BRAND)).body.payers[1];
    const changed = await save(app.id, brand.id, { ...BRAND, how: 'vendor_portal', note: 'Via their agency' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.payers[1]).toMatchObject({ how: 'vendor_portal', note: 'Via their agency' });

    const removed = await remove(app.id, yt.id);
    expect(removed.body.payers.map((p: { name: string }) => p.name)).toEqual(['Glow Skincare']);
    expect((await remove(app.id, yt.id)).status).toBe(404);
  });

  it('answers a 400 naming the field; only the holder sees or changes it; not before payment', async () => {
    const app = await paidOrder();
    const bad = await add(app.id, { ...BRAND, name: '', givenOn: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('givenOn');
    expect((await list(app.id, 'someone-else')).status).toBe(404);
    const unpaid = await paidOrder({ paymentStatus: 'pending' });
    const refused = await add(unpaid.id, BRAND);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('order_not_paid');
  });

  it('keeps at most the bounded number of payers', async () => {
    const now = new Date().toISOString();
    const many = Array.from({ length: MAX_PAYERS_PER_ORDER }, (_, i) => ({
      id: crypto.randomUUID(),
      ...BRAND,
      name: `Brand ${i}`,
      createdAt: now,
      updatedAt: now,
    }));
    const app = await paidOrder({ payers: many });
    const full = await add(app.id, BRAND);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('payers_full');
  });
});

describe('the W-9 switch', () => {
  const dir = mkdtempSync(join(tmpdir(), 'w9-values-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  async function w9Text(id: string, name: string): Promise<string> {
    const res = await w9(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, new Uint8Array(await (await fetch(res.body.url)).arrayBuffer()));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  }

  it('before the election: the owner on line 1 and the LLC on line 2; in effect: the LLC and its EIN, every payer flagged until ticked', async () => {
    const app = await paidOrder();
    const a = (await add(app.id, YOUTUBE)).body.payers[0];
    const b = (await add(app.id, BRAND)).body.payers[1];

    const before = (await list(app.id)).body;
    expect(before.w9).toMatchObject({ status: 'disregarded', line1: 'Jordan Rivera', line2: 'Bright Pixel Studios LLC' });
    expect(before.w9.tin.shown).toBe('***-**-6789');
    const beforePdf = await w9Text(app.id, 'before');
    expect(beforePdf).toContain('This is not the IRS form');
    expect(beforePdf).toMatch(/1 Name of entity\/individual Jordan Rivera/);
    expect(beforePdf).toMatch(/2 Business name\/disregarded entity (name )?Bright Pixel Studios LLC/);
    expect(beforePdf).not.toContain('12-3456789');

    // Ticking without an election in effect is refused.
    const early = await save(app.id, a.id, { ...YOUTUBE, w9Updated: true });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('no_election_in_effect');

    // The CP261 is recorded (staff): the election is in effect.
    await setApplicationFields(app.id, {
      sCorpElection: { effectiveOn: '2026-09-01', letterId: 'cp261', recordedAt: new Date().toISOString(), recordedBy: 'staff@example.com' },
    });
    const after = (await list(app.id)).body;
    expect(after.electionEffectiveOn).toBe('2026-09-01');
    expect(after.w9).toMatchObject({ status: 's-corporation', line1: 'Bright Pixel Studios LLC', line3a: { box: 'LLC', code: 'S' } });
    expect(after.w9.tin).toMatchObject({ kind: 'EIN', shown: '12-3456789' });
    expect(after.payers.map((p: { w9Update: string }) => p.w9Update)).toEqual(['needed', 'needed']);
    expect(after.w9UpdatesLeft).toBe(2);
    const afterPdf = await w9Text(app.id, 'after');
    expect(afterPdf).toMatch(/1 Name of entity\/individual Bright Pixel Studios LLC/);
    expect(afterPdf).toContain('12-3456789');
    expect(afterPdf).not.toContain('Jordan Rivera');

    const ticked = await save(app.id, b.id, { ...BRAND, w9Updated: true });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(ticked.body.payers[1]).toMatchObject({ w9Update: 'done', w9UpdatedOn: today, givenOn: today });
    expect(ticked.body.w9UpdatesLeft).toBe(1);
    // An edit keeps the tick; unticking brings the flag back.
    expect((await save(app.id, b.id, { ...BRAND, givenOn: today, note: 'sent' })).body.payers[1].w9Update).toBe('done');
    expect((await save(app.id, b.id, { ...BRAND, w9Updated: false })).body.payers[1].w9Update).toBe('needed');
  });

  it('a multi-member LLC gives the partnership values', async () => {
    const app = await paidOrder({ filingDetails: detailsFor('FL') });
    const body = (await list(app.id)).body;
    expect(body.w9).toMatchObject({ status: 'partnership', line1: 'Bright Pixel Studios LLC', line3a: { box: 'LLC', code: 'P' } });
  });
});
