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
    expect(res.body.sections.map((s: { stage: string }) => s.stage)).toEqual(['details', 'ready', 'review', 'dispute', 'processing', 'state', 'filed']);
    const readySection = res.body.sections.find((s: { stage: string }) => s.stage === 'ready');
    expect(readySection.items.map((a: { id: string }) => a.id)).toEqual([ready.id]);
    expect(readySection.count).toBe(1);
    const unpaidList = await queue({ stage: 'unpaid' });
    expect(unpaidList.body.sections[0].items.map((a: { id: string }) => a.id)).toEqual([unpaid.id]);
  });

  it('counts a stage exactly above 25 and shows a processing order from its first day, under who works it', async () => {
    const since = (i: number) => new Date(Date.parse('2026-11-01T09:00:00.000Z') + i * 60_000).toISOString();
    for (let i = 0; i < 31; i++)
      await putApplication({
        status: 'submitted',
        paymentStatus: 'paid',
        detailsCompletedAt: undefined,
        filingDetails: undefined,
        queue: 'details',
        queueSince: since(i),
      });
    const started = await putApplication({
      status: 'processing',
      paymentStatus: 'paid',
      queue: 'processing',
      queueSince: new Date().toISOString(),
      assignee: { id: 'proc-1', email: 'proc@example.com', at: new Date().toISOString() },
    });
    const res = await queue();
    const details = res.body.sections.find((s: { stage: string }) => s.stage === 'details');
    expect(details.items).toHaveLength(25);
    expect(details.count).toBe(31);
    expect(details.items[0].queueSince).toBe(since(0));
    const processing = res.body.sections.find((s: { stage: string }) => s.stage === 'processing');
    expect(processing.items.find((a: { id: string }) => a.id === started.id)).toMatchObject({ assignee: { email: 'proc@example.com' } });
  });

  it('refuses an unknown stage, a cursor without its stage, and no token, as 4xx JSON', async () => {
    expect(await queue({ stage: 'everything' })).toMatchObject({ status: 400, body: { code: expect.any(String) } });
    expect(await queue({ cursor: 'abc' })).toMatchObject({ status: 400, body: { code: expect.any(String) } });
    expect((await queue({}, {})).status).toBe(401);
  });
});
