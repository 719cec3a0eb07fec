import { beforeEach, describe, expect, it } from 'vitest';
import { nameCandidates, nameKey } from '#shared/wizard/business-name.ts';
import { putApplication } from '../../../tests/fakes/staff.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as check } from './check-availability.ts';
import { handler as generate } from './generate.ts';

const gen = (body: unknown) => invoke(generate, apiEvent({ method: 'POST', route: '/api/business-names/generate', body }));
const avail = (body: unknown) => invoke(check, apiEvent({ method: 'POST', route: '/api/business-names/check-availability', body }));

/** An application requesting `businessName`, as the wizard and the payment routes leave it: submitted and paid by default. */
async function requested(businessName: string, fields: Record<string, unknown> = {}) {
  return (await putApplication({ businessName, nameKey: nameKey(businessName), ...fields })).id;
}
const paid = (businessName: string) => requested(businessName);

beforeEach(() => {
  dynamoCallLog.length = 0;
});

describe('POST /api/business-names/check-availability', () => {
  it('a fresh name is available, reported with its LLC designator', async () => {
    const res = await avail({ name: 'Sunny Bites', state: 'FL' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: true, name: 'Sunny Bites LLC' });
  });

  it('a name requested by a paid application is taken, case/punctuation/suffix-insensitively', async () => {
    await paid('Crumb & Co LLC');
    for (const name of ['crumb co', 'CRUMB-&-CO, L.L.C.', 'Crumb & Co Limited Liability Company']) {
      const res = await avail({ name });
      expect(res.body.available).toBe(false);
      expect(res.body.reason).toMatch(/already requested/);
    }
  });

  it('only a paid order holds a name: drafts and unpaid submissions do not (no squatting)', async () => {
    await requested('Draft Only LLC', { status: 'draft', paymentStatus: 'unpaid', listPartition: undefined });
    expect((await avail({ name: 'Draft Only' })).body.available).toBe(true);
    // Twelve names requested by submissions nobody paid for: all still free for others.
    for (const [i, paymentStatus] of [
      'unpaid',
      'pending',
      'failed',
      'refunded',
      'needs_review',
      'unpaid',
      'pending',
      'failed',
      'unpaid',
      'unpaid',
      'unpaid',
      'unpaid',
    ].entries()) {
      await requested(`Squat ${i} Media LLC`, { status: 'submitted', paymentStatus, amountPaidCents: undefined, paymentProvider: undefined });
      expect((await avail({ name: `Squat ${i} Media` })).body, `${paymentStatus} submission ${i}`).toMatchObject({ available: true });
    }
    // Paying for one takes it.
    await paid('Squat 0 Media LLC');
    expect((await avail({ name: 'Squat 0 Media' })).body.available).toBe(false);
  });

  it('restricted words fail with the reason, without a database call', async () => {
    const res = await avail({ name: 'Creator Trust', state: 'FL' });
    expect(res.body).toMatchObject({ available: false, name: 'Creator Trust LLC' });
    expect(res.body.reason).toContain('"trust"');
    expect(res.body.reason).toBe('Names containing "trust" need approval from a state regulator in Florida, so we can\'t file them as a standard LLC.');
    expect((await avail({ name: 'Lone Star Lotto', state: 'TX' })).body.available).toBe(false);
    expect((await avail({ name: 'Lone Star Lotto', state: 'FL' })).body.available).toBe(true);
    expect((await avail({ name: 'LLC' })).body.available).toBe(false);
  });

  it('400s bad bodies', async () => {
    expect((await avail({ name: '' })).status).toBe(400);
    expect((await avail({ name: 'x', state: 'ZZ' })).status).toBe(400);
    expect((await avail({})).status).toBe(400);
    // Blank after trimming, and over the 120-character limit: 400 with the field's message.
    const blank = await avail({ name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.details).toEqual({ name: ['Enter a business name'] });
    const long = await avail({ name: `${'a'.repeat(118)} co` });
    expect(long.status).toBe(400);
    // The wizard field's own sentence (the same schema).
    expect(long.body.details).toEqual({ name: ['Business name is limited to 120 characters'] });
  });
});

describe('POST /api/business-names/generate', () => {
  it('returns 8-12 distinct deterministic suggestions with the category', async () => {
    const body = { keywords: ['sunny', 'bites'], category: 'food' };
    const a = await gen(body);
    expect(a.status).toBe(200);
    expect(a.body.length).toBeGreaterThanOrEqual(8);
    expect(a.body.length).toBeLessThanOrEqual(12);
    expect(new Set(a.body.map((s: { name: string }) => nameKey(s.name))).size).toBe(a.body.length);
    for (const s of a.body) expect(s).toEqual({ name: expect.any(String), category: 'food' });
    expect((await gen(body)).body).toEqual(a.body);
  });

  it('leaves out names already taken with us', async () => {
    const first = nameCandidates(['nova'], 'tech')[0];
    expect((await gen({ keywords: ['nova'], category: 'tech' })).body[0].name).toBe(first);
    // An unpaid submission does not take it out of the ideas; a paid one does.
    await requested(`${first} LLC`, { status: 'submitted', paymentStatus: 'pending' });
    expect((await gen({ keywords: ['nova'], category: 'tech' })).body[0].name).toBe(first);
    await paid(`${first} LLC`);
    const after = (await gen({ keywords: ['nova'], category: 'tech' })).body;
    expect(after.map((s: { name: string }) => s.name)).not.toContain(first);
    expect(after.length).toBeGreaterThanOrEqual(8);
  });

  it('still offers at least 8 when many of the first ideas are taken (checks further candidates)', async () => {
    const candidates = nameCandidates(['orbit'], 'tech');
    const taken = candidates.slice(0, 6);
    for (const name of taken) await paid(`${name} LLC`);
    const res = await gen({ keywords: ['orbit'], category: 'tech' });
    expect(res.status).toBe(200);
    const names = res.body.map((s: { name: string }) => s.name);
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(names.length).toBeLessThanOrEqual(12);
    for (const name of taken) expect(names).not.toContain(name);
    // The ideas keep their order, continuing past the taken ones.
    expect(names).toEqual(candidates.filter((n) => !taken.includes(n)).slice(0, names.length));
  });

  it("respects the filing state's restricted words", async () => {
    const body = { keywords: ['lotto', 'glow'], category: 'beauty' };
    const anywhere = (await gen(body)).body.map((s: { name: string }) => s.name);
    expect(anywhere.some((n: string) => /lotto/i.test(n))).toBe(true);
    const inTexas = await gen({ ...body, state: 'TX' });
    expect(inTexas.status).toBe(200);
    expect(inTexas.body.length).toBeGreaterThanOrEqual(8);
    expect(inTexas.body.some((s: { name: string }) => /lotto/i.test(s.name))).toBe(false);
  });

  it('works from the category alone and 400s an empty request', async () => {
    expect((await gen({ keywords: [], category: 'music' })).body.length).toBeGreaterThanOrEqual(8);
    expect((await gen({ keywords: ['  '], category: '' })).status).toBe(400);
    expect((await gen({ keywords: 'sunny', category: 'food' })).status).toBe(400);
  });

  it('limits keywords to 10, each under 40 characters', async () => {
    const eleven = await gen({ keywords: Array.from({ length: 11 }, (_, i) => `word${i}`), category: 'food' });
    expect(eleven.status).toBe(400);
    expect(eleven.body.details).toEqual({ keywords: ['Use at most 10 keywords'] });
    expect((await gen({ keywords: Array.from({ length: 10 }, (_, i) => `word${i}`), category: 'food' })).status).toBe(200);
    const long = await gen({ keywords: ['x'.repeat(41)], category: 'food' });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual({ 'keywords.0': ['Keep each keyword under 40 characters'] });
  });
});
