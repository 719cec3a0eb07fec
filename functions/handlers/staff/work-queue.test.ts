import { beforeAll, describe, expect, it } from 'vitest';
import { putApplication } from '../../../tests/fakes/applications.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler } from './work-queue.ts';

let headers: Record<string, string>;
beforeAll(async () => {
  // A processor (staff role) works the queue.
  headers = await staffHeaders({ role: 'processor' });
});

const queue = (query: Record<string, string> = {}, h = headers) => invoke(handler, apiEvent({ method: 'GET', route: '/api/staff/queue', query, headers: h }));

describe('GET /api/staff/queue', () => {
  it('answers every work stage to a processor; the unpaid list only when asked', async () => {
    const ready = await putApplication({ status: 'submitted', paymentStatus: 'paid', queue: 'ready', queueSince: '2026-11-20T09:00:00.000Z' });
    const unpaid = await putApplication({ status: 'submitted', queue: 'unpaid', queueSince: '2026-11-20T09:00:00.000Z' });
    const res = await queue();
    expect(res.status).toBe(200);
    expect(res.body.sections.map((s: { stage: string }) => s.stage)).toEqual(['ready', 'review', 'dispute', 'processing', 'filed']);
    expect(res.body.sections[0].items.map((a: { id: string }) => a.id)).toEqual([ready.id]);
    const unpaidList = await queue({ stage: 'unpaid' });
    expect(unpaidList.body.sections[0].items.map((a: { id: string }) => a.id)).toEqual([unpaid.id]);
  });

  it('refuses an unknown stage, a cursor without its stage, and no token, as 4xx JSON', async () => {
    expect(await queue({ stage: 'everything' })).toMatchObject({ status: 400, body: { code: expect.any(String) } });
    expect(await queue({ cursor: 'abc' })).toMatchObject({ status: 400, body: { code: expect.any(String) } });
    expect((await queue({}, {})).status).toBe(401);
  });
});
