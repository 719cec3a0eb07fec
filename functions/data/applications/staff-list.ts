import { compareText } from '#shared/compare-text.ts';
import type { ApplicationListQuery } from '#shared/staff/applications.schema.ts';
import { streamPositionsSchema } from '../cursor.schema.ts';
import { invalidCursor } from '../cursor.ts';
import { APPLICATION_INDEXES, type ApplicationItem, LIST_PARTITION } from './item.ts';

/**
 * Paging of the staff application list (the Queries themselves are in ./staff.ts): lists are
 * the byList (all non-drafts) and byStatus indexes read newest first; with drafts included, two
 * streams are merged by date, and the cursor keeps a position per stream.
 */

/** One index partition read newest first. */
interface Stream {
  index: typeof APPLICATION_INDEXES.byList | typeof APPLICATION_INDEXES.byStatus;
  partitionAttr: 'listPartition' | 'status';
  partitionValue: string;
}

/** Where each stream continues: after a key, or finished. */
type Position = { after: Record<string, string> } | 'done' | 'start';

export function streamsFor(query: ApplicationListQuery): Stream[] {
  if (query.status) return [{ index: APPLICATION_INDEXES.byStatus, partitionAttr: 'status', partitionValue: query.status }];
  const all: Stream = { index: APPLICATION_INDEXES.byList, partitionAttr: 'listPartition', partitionValue: LIST_PARTITION };
  if (query.includeDrafts === 'true') return [all, { index: APPLICATION_INDEXES.byStatus, partitionAttr: 'status', partitionValue: 'draft' }];
  return [all];
}

export function decodePositions(cursor: string | undefined, streams: Stream[]): Position[] {
  if (!cursor) return streams.map(() => 'start');
  try {
    const parsed = streamPositionsSchema(streams.length).safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (!parsed.success) throw invalidCursor();
    parsed.data.forEach((p, i) => {
      if (typeof p === 'object') {
        const expected = ['id', streams[i].partitionAttr, 'createdAt'].sort().join();
        if (Object.keys(p.after).sort().join() !== expected || p.after[streams[i].partitionAttr] !== streams[i].partitionValue) throw invalidCursor();
      }
    });
    return parsed.data as Position[];
  } catch {
    throw invalidCursor();
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Merges the streams' pages newest first, keeping each stream's own order. DynamoDB returns
 * index items with equal createdAt in an order of its own, and a cursor continues from the last
 * item taken in that order; re-sorting ties (by id, say) would repeat and skip items across pages.
 */
function mergeNewestFirst(pages: ApplicationItem[][]): { item: ApplicationItem; stream: number }[] {
  const next = pages.map(() => 0);
  const merged: { item: ApplicationItem; stream: number }[] = [];
  for (;;) {
    let pick = -1;
    for (let i = 0; i < pages.length; i++) {
      if (next[i] >= pages[i].length) continue;
      if (pick < 0 || compareText(str(pages[i][next[i]].createdAt), str(pages[pick][next[pick]].createdAt)) > 0) pick = i;
    }
    if (pick < 0) return merged;
    merged.push({ item: pages[pick][next[pick]++], stream: pick });
  }
}

/**
 * One page from what each stream's Query returned (at most pageSize + 1 items each: the extra
 * one tells whether more follow), and the cursor of the next page (null after the last).
 */
export function pageFrom(
  streams: Stream[],
  positions: Position[],
  fetched: ApplicationItem[][],
  pageSize: number,
): { items: ApplicationItem[]; nextCursor: string | null } {
  const page = mergeNewestFirst(fetched).slice(0, pageSize);
  const next: Position[] = streams.map((s, i) => {
    if (positions[i] === 'done') return 'done';
    const taken = page.filter((p) => p.stream === i);
    const exhausted = fetched[i].length <= pageSize && taken.length === fetched[i].length;
    if (exhausted) return 'done';
    const last = taken.at(-1)?.item;
    if (!last) return positions[i];
    return { after: { id: str(last.id), [s.partitionAttr]: s.partitionValue, createdAt: str(last.createdAt) } };
  });
  const nextCursor = next.every((p) => p === 'done') ? null : Buffer.from(JSON.stringify(next)).toString('base64url');
  return { items: page.map((p) => p.item), nextCursor };
}
