import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_TRANSITIONS } from '#shared/application-status.ts';
import { readApplication, writeApplication } from '../../../tests/fakes/applications.ts';
import { putOperatorAgentOffices } from '../../../tests/fakes/documents.ts';
import { applicationItem, putApplication, signedInPerson, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke, staffUpdateEvent } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { listAudit } from '../../data/audit.ts';
import { readDashboardCounts } from '../../data/counters.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as listApplications } from './list-applications.ts';
import { handler as reopenHandler } from './reopen.ts';
import { handler as updateApplication } from './update-application.ts';

let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
  // Start Processing generates the documents: our registered agent has its office in the fixtures' states.
  await putOperatorAgentOffices();
});

const list = (query: Record<string, string> = {}) => invoke(listApplications, apiEvent({ method: 'GET', route: '/api/staff/applications', query, headers }));
const patch = (id: string, body: unknown) => invoke(updateApplication, staffUpdateEvent(id, body, headers));

/** Counters consistent with applications written straight to the table. */
async function setCounters(counts: Record<string, number>) {
  await ddb().send(new PutCommand({ TableName: tableName('counters'), Item: { id: 'STATS', ...counts } }));
}

describe('GET /api/staff/applications', () => {
  let made: { id: string; status: string; createdAt: string }[];
  beforeAll(async () => {
    const base = Date.parse('2024-03-01T00:00:00Z');
    made = [];
    const statuses = ['submitted', 'processing', 'filed', 'completed'];
    for (let i = 0; i < 60; i++) {
      made.push(await putApplication({ status: statuses[i % 4], createdAt: new Date(base + i * 60_000).toISOString(), businessName: `Creator ${i} LLC` }));
    }
    for (let i = 0; i < 7; i++)
      made.push(await putApplication({ status: 'draft', createdAt: new Date(base + i * 60_000 + 30_000).toISOString(), businessName: `Draft ${i} LLC` }));
  });

  it('pages newest first, 25 at a time, with a cursor, leaving drafts out', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list(cursor ? { cursor } : {});
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(25);
      seen.push(...res.body.items.map((a: { id: string }) => a.id));
      cursor = res.body.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    const expected = made
      .filter((a) => a.status !== 'draft')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((a) => a.id);
    expect(seen).toEqual(expected);
  });

  it('returns the staff view of each application (no internal index attributes)', async () => {
    const res = await list();
    const first = res.body.items[0];
    const newest = made.filter((a) => a.status !== 'draft').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    expect(first).toMatchObject({
      businessName: 'Creator 59 LLC',
      firstName: 'Maya',
      email: 'maya@example.com',
      state: 'FL',
      status: 'completed',
      paymentStatus: 'paid',
      amountPaidCents: 35000,
      expeditedFiling: true,
      operatingAgreement: true,
      feinFiling: false,
      notes: '',
    });
    expect(first).toMatchObject({
      id: newest.id,
      lastName: 'Lopez',
      phone: '305-555-0100',
      annualIncome: 85000,
      contentTypes: ['lifestyle', 'travel'],
      platforms: ['instagram', 'tiktok'],
      paymentProvider: 'stripe',
      createdAt: newest.createdAt,
      submittedAt: newest.createdAt,
    });
    expect(first).not.toHaveProperty('listPartition');
    expect(first).not.toHaveProperty('userId');
  });

  it('filters by status', async () => {
    const res = await list({ status: 'processing' });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(15);
    expect(res.body.items.every((a: { status: string }) => a.status === 'processing')).toBe(true);
    expect(res.body.nextCursor).toBeNull();
  });

  it('lists drafts only when asked, merged newest first', async () => {
    const drafts = await list({ status: 'draft' });
    expect(drafts.body.items).toHaveLength(7);
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | undefined;
    do {
      const res = await list({ includeDrafts: 'true', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((a) => a.id)).toEqual([...made].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((a) => a.id));
  });

  it('rejects a bad status, a tampered cursor and unknown parameters with 400', async () => {
    expect((await list({ status: 'lost' })).status).toBe(400);
    const tampered = await list({ cursor: Buffer.from(JSON.stringify([{ after: { id: 'x', status: 'draft', createdAt: 'y' } }])).toString('base64url') });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toMatch(/cursor/);
    // Right shape, but a position in another partition than the one being listed.
    const otherPartition = await list({
      cursor: Buffer.from(JSON.stringify([{ after: { id: made[0].id, listPartition: 'OTHER', createdAt: made[0].createdAt } }])).toString('base64url'),
    });
    expect(otherPartition.status).toBe(400);
    expect(otherPartition.body.error).toMatch(/cursor/);
    const otherStatus = await list({
      status: 'processing',
      cursor: Buffer.from(JSON.stringify([{ after: { id: made[0].id, status: 'submitted', createdAt: made[0].createdAt } }])).toString('base64url'),
    });
    expect(otherStatus.status).toBe(400);
    expect((await list({ cursor: 'not-base64-json' })).status).toBe(400);
    expect((await list({ sort: 'name' })).status).toBe(400);
  });
});

const FILED = { fileNumber: 'L26000123456', filedOn: '2026-11-20' };
/** Mark Filed files our formation document: the order has one. */
const FORMATION = {
  id: randomUUID(),
  kind: 'formation',
  title: 'Articles',
  key: 'k0',
  fileName: 'f.pdf',
  version: 1,
  createdAt: '2026-11-19T09:00:00.000Z',
  origin: 'generated',
  size: 10,
};
/** What the fixture order (operating agreement bought, our registered agent) owes, all delivered. */
const DELIVERED = [
  {
    id: randomUUID(),
    kind: 'approved_articles',
    title: 'Approved',
    key: 'k1',
    fileName: 'a.pdf',
    version: 1,
    createdAt: '2026-11-21T10:00:00.000Z',
    origin: 'uploaded',
    size: 10,
  },
  {
    id: randomUUID(),
    kind: 'operating_agreement',
    title: 'OA',
    key: 'k2',
    fileName: 'b.pdf',
    version: 1,
    createdAt: '2026-11-19T10:00:00.000Z',
    origin: 'generated',
    size: 10,
  },
];

describe('PATCH /api/staff/applications/{id}', () => {
  beforeEach(async () => {
    await setCounters({ submitted: 0, processing: 0, filed: 0, completed: 0 });
  });

  it.each(STAFF_TRANSITIONS.map((t) => [t.action, t] as const))('%s moves %s with counters and an activity entry in one go', async (_, t) => {
    const app = await putApplication({
      status: t.from,
      ...(t.to === 'completed' ? { documents: DELIVERED } : t.to === 'filed' ? { documents: [FORMATION] } : {}),
    });
    await setCounters({ [t.from]: 1 });
    const res = await patch(app.id, { status: t.to, ...(t.to === 'filed' ? FILED : {}) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(t.to);
    expect((await readApplication(app.id))?.status).toBe(t.to);
    const counts = await readDashboardCounts();
    expect(counts.totalApplications).toBe(1);
    expect(counts.completedApplications).toBe(t.to === 'completed' ? 1 : 0);
    // Start Processing also generates the documents, whose entry may come after the move's.
    const move = (await listRecentActivity(5)).find((a) => a.action === 'status_changed');
    expect(move).toMatchObject({ action: 'status_changed', applicationId: app.id });
    expect(move?.description).toContain(t.action);
    expect(move?.description).toContain(`${app.businessName} moved from ${t.from} to ${t.to}`);
  });

  const illegal: [string, string][] = [
    ['submitted', 'filed'],
    ['submitted', 'completed'],
    ['processing', 'completed'],
    ['processing', 'processing'],
    ['filed', 'processing'],
    ['completed', 'processing'],
    ['completed', 'filed'],
    ['draft', 'processing'],
  ];
  it.each(illegal)('refuses %s -> %s with 409 and the current status, changing nothing', async (from, to) => {
    const app = await putApplication({ status: from });
    const before = await readDashboardCounts();
    const res = await patch(app.id, { status: to, ...(to === 'filed' ? FILED : {}) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: expect.stringContaining(from), code: 'status_conflict', currentStatus: from });
    expect((await readApplication(app.id))?.status).toBe(from);
    expect(await readDashboardCounts()).toEqual(before);
  });

  it('refuses statuses that are not staff moves with 400', async () => {
    const app = await putApplication({ status: 'submitted' });
    expect((await patch(app.id, { status: 'submitted' })).status).toBe(400);
    expect((await patch(app.id, { status: 'draft' })).status).toBe(400);
    expect((await patch(app.id, {})).status).toBe(400);
    expect((await patch(app.id, { status: 'processing', paymentStatus: 'paid' })).status).toBe(400);
  });

  it('treats an application with no status as submitted: Start Processing moves it (docs/product.md section 4)', async () => {
    const { status: _none, ...item } = applicationItem({ status: 'submitted' });
    await writeApplication(item);
    const res = await patch(item.id, { status: 'processing' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('processing');
    expect((await readApplication(item.id))?.status).toBe('processing');
    const moved = await patch(item.id, { status: 'filed', ...FILED });
    expect(moved.status).toBe(200);
  });

  it('Mark Filed waits for the formation document (generation refuses while it would have a gap)', async () => {
    const app = await putApplication({ status: 'processing' });
    const res = await patch(app.id, { status: 'filed', ...FILED });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'Cannot move this application to filed: The formation document is not generated: fix what the documents panel says, press Generate, then file',
    );
  });

  it('Mark Filed records the state file number and the filing date, and needs both', async () => {
    const app = await putApplication({ status: 'processing', documents: [FORMATION] });
    const missing = await patch(app.id, { status: 'filed' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.details).sort()).toEqual(['fileNumber', 'filedOn']);
    expect((await patch(app.id, { status: 'filed', fileNumber: 'L26000123456', filedOn: '2999-01-01' })).status).toBe(400);
    const res = await patch(app.id, { status: 'filed', ...FILED });
    expect(res.status).toBe(200);
    expect(await readApplication(app.id)).toMatchObject({ status: 'filed', ...FILED });
    expect((await listRecentActivity(1))[0].description).toContain('file number L26000123456');
    // The customer's status email is queued with the move, carrying the file number.
    expect(await getMessage(`status:${app.id}:filed`)).toMatchObject({ kind: 'status_changed', payload: { status: 'filed', ...FILED } });
  });

  it.each([
    ['unpaid', 'submitted', 'processing'],
    ['pending', 'submitted', 'processing'],
    ['needs_review', 'submitted', 'processing'],
    ['unpaid', 'processing', 'filed'],
    ['refunded', 'filed', 'completed'],
  ])('refuses every move of an order whose payment is %s (%s -> %s): 409 with the reason, nothing changes', async (paymentStatus, from, to) => {
    const app = await putApplication({ status: from, paymentStatus, amountPaidCents: undefined });
    const before = await readDashboardCounts();
    const res = await patch(app.id, { status: to, ...(to === 'filed' ? FILED : {}) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'status_conflict', currentStatus: from });
    expect(res.body.error).toMatch(paymentStatus === 'needs_review' ? /needs review/ : /Not paid yet/);
    expect((await readApplication(app.id))?.status).toBe(from);
    expect(await readDashboardCounts()).toEqual(before);
  });

  it('Mark Complete is refused (409, with what is missing) until every deliverable owed is delivered; its email lists them', async () => {
    const paidAt = '2026-11-18T10:00:00.000Z';
    const pricedOrder = { totalCents: 40000, state: 'FL', expeditedFiling: false, feinFiling: true, operatingAgreement: true, pricedAt: paidAt };
    const app = await putApplication({ status: 'filed', paidAt, pricedOrder, ...FILED, documents: [DELIVERED[1]] });
    await setCounters({ filed: 1 });
    const refused = await patch(app.id, { status: 'completed' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'status_conflict', currentStatus: 'filed' });
    expect(refused.body.error).toContain('the state-stamped formation document is not uploaded');
    expect(refused.body.error).toContain('the EIN is not recorded and the IRS confirmation letter is not uploaded');
    expect(refused.body.error).not.toContain('operating agreement');
    expect((await readApplication(app.id))?.status).toBe('filed');
    expect(await getMessage(`status:${app.id}:completed`)).toBeUndefined();

    const letter = { ...DELIVERED[0], id: randomUUID(), kind: 'ein_letter', createdAt: '2026-11-22T10:00:00.000Z' };
    await writeApplication({
      ...(await readApplication(app.id)),
      documents: [...DELIVERED, letter],
      ein: '88-1234567',
      einRecordedAt: '2026-11-22T10:00:00.000Z',
    });
    const done = await patch(app.id, { status: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body.deliverables.every((d: { delivered: boolean; by: string }) => d.delivered || d.by === 'customer')).toBe(true);
    const email = await getMessage(`status:${app.id}:completed`);
    expect(email).toMatchObject({ kind: 'documents_ready' });
    expect((email!.payload as { delivered: string[] }).delivered).toEqual([
      'State-approved formation document: In your vault since November 21, 2026',
      'EIN and IRS confirmation letter: EIN 88-1234567, letter in your vault since November 22, 2026',
      'Operating agreement: In your vault since November 19, 2026',
      "Registered agent appointment: We are your registered agent, on the state's record since November 21, 2026",
    ]);
  });

  it('Mark Filed refuses a filing date before the payment with 400 and a sentence, and changes nothing', async () => {
    const app = await putApplication({ status: 'processing', paidAt: '2026-11-21T10:00:00.000Z', documents: [FORMATION] });
    const res = await patch(app.id, { status: 'filed', ...FILED });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The filing date cannot be before the order was paid (2026-11-21): enter the date on the state's approval");
    expect(res.body.details).toEqual({ filedOn: [res.body.error] });
    expect((await readApplication(app.id))?.status).toBe('processing');
  });

  it('lets exactly one of two concurrent moves win', async () => {
    const app = await putApplication({ status: 'submitted' });
    await setCounters({ submitted: 1 });
    const results = await Promise.all([patch(app.id, { status: 'processing' }), patch(app.id, { status: 'processing' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.currentStatus).toBe('processing');
    const counts = await readDashboardCounts();
    expect(counts).toMatchObject({ totalApplications: 1 });
    const moves = (await listRecentActivity(20)).filter((a) => a.applicationId === app.id && a.action === 'status_changed');
    expect(moves).toHaveLength(1);
  });

  it('saves notes alone, and notes with a move', async () => {
    const app = await putApplication({ status: 'submitted' });
    const res = await patch(app.id, { notes: 'Called the customer about the mailing address.' });
    expect(res.status).toBe(200);
    expect(res.body.notes).toBe('Called the customer about the mailing address.');
    const both = await patch(app.id, { status: 'processing', notes: 'Filing today.' });
    expect(both.body).toMatchObject({ status: 'processing', notes: 'Filing today.' });
    expect(await readApplication(app.id)).toMatchObject({ status: 'processing', notes: 'Filing today.' });
    expect((await patch(app.id, { notes: 'x'.repeat(5001) })).status).toBe(400);
  });

  it('404s an unknown application and 400s a malformed id', async () => {
    const unknown = randomUUID();
    expect((await patch(unknown, { status: 'processing' })).status).toBe(404);
    expect((await patch(unknown, { notes: 'x' })).status).toBe(404);
    expect((await patch('00000000-0000-0000-0000-000000000000', { notes: 'x' })).status).toBe(400);
    expect((await patch('../../etc', { notes: 'x' })).status).toBe(400);
  });
});

describe('POST /api/staff/applications/{id}/reopen', () => {
  const reopenAs = (id: string, body: unknown, as: Record<string, string>) =>
    invoke(
      reopenHandler,
      apiEvent({
        method: 'POST',
        route: '/api/staff/applications/{id}/reopen',
        path: `/api/staff/applications/${id}/reopen`,
        pathParameters: { id },
        body,
        headers: as,
      }),
    );

  it('an owner moves a completed order back to filed with the reason: counters, activity and audit in one go', async () => {
    await setCounters({ submitted: 0, processing: 0, filed: 0, completed: 1 });
    const app = await putApplication({ status: 'completed', completedAt: '2026-11-25T10:00:00.000Z', documents: DELIVERED });
    const owner = await signedInPerson({ role: 'owner' });
    const res = await reopenAs(app.id, { reason: 'The EIN letter was the wrong company' }, owner.headers);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('filed');
    const stored = await readApplication(app.id);
    expect(stored?.status).toBe('filed');
    expect(stored?.completedAt).toBeUndefined();
    expect(await readDashboardCounts()).toMatchObject({ completedApplications: 0 });
    expect((await listRecentActivity(5)).find((a) => a.applicationId === app.id)?.description).toContain('The EIN letter was the wrong company');
    const trail = await listAudit({ applicationId: app.id });
    expect(trail.items[0]).toMatchObject({
      action: 'application_reopened',
      actorId: owner.person.sk,
      after: { status: 'filed', reason: 'The EIN letter was the wrong company' },
    });
    // Completed again: a second "documents ready" email, not swallowed by the first one's key.
    expect((await patch(app.id, { status: 'completed' })).status).toBe(200);
    const emails = await Promise.all([getMessage(`status:${app.id}:completed`), getMessage(`status:${app.id}:completed:${stored?.reopenedAt}`)]);
    expect(emails[1]).toMatchObject({ kind: 'documents_ready' });
  });

  it('is for owners only, needs a reason, and only for completed orders', async () => {
    const app = await putApplication({ status: 'filed' });
    const owner = await staffHeaders({ role: 'owner' });
    expect((await reopenAs(app.id, { reason: 'Wrong letter' }, await staffHeaders({ role: 'processor' }))).status).toBe(403);
    const noReason = await reopenAs(app.id, {}, owner);
    expect(noReason.status).toBe(400);
    const notCompleted = await reopenAs(app.id, { reason: 'Wrong letter' }, owner);
    expect(notCompleted.status).toBe(409);
    expect(notCompleted.body).toMatchObject({
      code: 'status_conflict',
      currentStatus: 'filed',
      error: 'Only completed orders can be reopened; this one is filed',
    });
  });
});
