import { beforeAll, describe, expect, it } from 'vitest';
import { handler as listApplications } from '../functions/handlers/staff/list-applications.ts';
import { applicationItem, batchPut, staffHeaders } from './fakes/staff.ts';
import { dynamoCallLog } from './helpers/dynamo-calls.ts';
import { apiEvent, invoke } from './helpers/events.ts';

/**
 * Data-access budget of the staff application list: one Query per page of 25 (plus the staff
 * session lookup every staff route makes), whatever the number of applications.
 */
let headers: Record<string, string>;

beforeAll(async () => {
  headers = await staffHeaders();
  const base = Date.now();
  const items = Array.from({ length: 60 }, (_, i) =>
    applicationItem({ createdAt: new Date(base - i * 60_000).toISOString(), status: i % 3 === 0 ? 'processing' : 'submitted' }),
  );
  await batchPut('applications', [...items, ...Array.from({ length: 10 }, () => applicationItem({ status: 'draft' }))]);
});

async function page(query: Record<string, string> = {}) {
  dynamoCallLog.length = 0;
  const res = await invoke(
    listApplications,
    apiEvent({ method: 'GET', route: '/api/staff/applications', headers, query: Object.keys(query).length ? query : undefined }),
  );
  expect(res.status).toBe(200);
  return { body: res.body, calls: [...dynamoCallLog] };
}

describe('staff application list data access', () => {
  it('reads each page with one Query, drafts excluded', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { body, calls } = await page(cursor ? { cursor } : {});
      expect(calls).toEqual(['GetItemCommand', 'QueryCommand']);
      const list = (body.items ?? body.applications) as { id: string; status: string }[];
      expect(list.length).toBeLessThanOrEqual(25);
      for (const a of list) expect(a.status).not.toBe('draft');
      seen.push(...list.map((a) => a.id));
      cursor = body.nextCursor ?? body.cursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(60);
  });

  it('filters by status with one Query', async () => {
    const { body, calls } = await page({ status: 'processing' });
    expect(calls).toEqual(['GetItemCommand', 'QueryCommand']);
    const list = (body.items ?? body.applications) as { status: string }[];
    expect(list.length).toBe(20);
    for (const a of list) expect(a.status).toBe('processing');
  });
});
