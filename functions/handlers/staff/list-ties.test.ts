import { beforeAll, describe, expect, it } from 'vitest';
import { putApplication, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as listApplications } from './list-applications.ts';

/**
 * Applications created in the same millisecond: the staff list must still page through each
 * exactly once. DynamoDB returns index items with equal sort keys in an order of its own, and a
 * page's cursor continues from that order, so pages must keep it.
 */
let headers: Record<string, string>;
const SAME_TIME = '2024-05-01T12:00:00.000Z';
const ids = { listed: [] as string[], drafts: [] as string[] };

beforeAll(async () => {
  headers = await staffHeaders();
  for (let i = 0; i < 40; i++) ids.listed.push((await putApplication({ status: 'submitted', createdAt: SAME_TIME, businessName: `Tie ${i} LLC` })).id);
  for (let i = 0; i < 20; i++) ids.drafts.push((await putApplication({ status: 'draft', createdAt: SAME_TIME, businessName: `Tie draft ${i} LLC` })).id);
});

async function everyPage(query: Record<string, string>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await invoke(
      listApplications,
      apiEvent({ method: 'GET', route: '/api/staff/applications', query: cursor ? { ...query, cursor } : query, headers }),
    );
    expect(res.status).toBe(200);
    seen.push(...res.body.items.map((a: { id: string }) => a.id));
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return seen;
}

describe('GET /api/staff/applications with equal creation times', () => {
  it('lists each application once across pages', async () => {
    const seen = await everyPage({});
    expect(seen).toHaveLength(ids.listed.length);
    expect(new Set(seen)).toEqual(new Set(ids.listed));
  });

  it('lists each once with drafts merged in, and once filtered by status', async () => {
    const all = await everyPage({ includeDrafts: 'true' });
    expect(all).toHaveLength(ids.listed.length + ids.drafts.length);
    expect(new Set(all)).toEqual(new Set([...ids.listed, ...ids.drafts]));
    const submitted = await everyPage({ status: 'submitted' });
    expect(submitted).toHaveLength(ids.listed.length);
    expect(new Set(submitted)).toEqual(new Set(ids.listed));
  });
});
