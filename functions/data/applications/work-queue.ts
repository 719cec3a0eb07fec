import { QUEUE_PAGE_SIZE, type QueueStage, WORK_STAGES } from '#shared/staff/work-queue.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { QueryCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { decodeCursor, encodeCursor, invalidCursor } from '../cursor.ts';
import { APPLICATION_INDEXES, type ApplicationItem, table } from './item.ts';
import { type StaffApplicationView, toStaffApplication } from './staff.ts';

/**
 * The staff work queue (shared/staff/work-queue.ts): each stage is one Query of the sparse byQueue
 * index, oldest first, 25 a page, however many orders the table holds. Every order of a stage is
 * listed, from the moment it entered it (docs/decisions/0410-a-queue-with-no-holes.md).
 *
 * A stage's count is a `Select: COUNT` Query of its partition of the same index, paged: it reads
 * the stage's index items (billed by their size, 1 MB a page), never the rest of the table, so it
 * grows with the open work, not with the orders ever placed.
 */

const CURSOR_KEYS = ['id', 'queue', 'queueSince'] as const;

export interface WorkQueueSection {
  stage: QueueStage;
  items: StaffApplicationView[];
  nextCursor: string | null;
  /** How many orders the stage holds, exactly (on a stage's first page; a next page leaves it out). */
  count?: number;
}

/** What counting a stage cost: the Query pages and the read capacity DynamoDB reported (0 where it reports none). */
export interface CountCost {
  pages: number;
  readUnits: number;
}

/** The exact number of orders in `stage`: COUNT Queries of its byQueue partition until the last page. */
export async function countStage(stage: QueueStage, cost?: CountCost): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: APPLICATION_INDEXES.byQueue,
        KeyConditionExpression: '#queue = :stage',
        ExpressionAttributeNames: { '#queue': 'queue' },
        ExpressionAttributeValues: { ':stage': stage },
        Select: 'COUNT',
        ExclusiveStartKey: start,
        ...(cost ? { ReturnConsumedCapacity: 'TOTAL' as const } : {}),
      }),
    );
    count += out.Count ?? 0;
    if (cost) {
      cost.pages += 1;
      cost.readUnits += out.ConsumedCapacity?.CapacityUnits ?? 0;
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/** Each stage's exact count, the stages counted in parallel. */
export async function countStages<S extends QueueStage>(stages: readonly S[], cost?: CountCost): Promise<Record<S, number>> {
  const counts = await Promise.all(stages.map((stage) => countStage(stage, cost)));
  return Object.fromEntries(stages.map((stage, i) => [stage, counts[i]])) as Record<S, number>;
}

export async function workQueueStage(stage: QueueStage, cursor: string | undefined): Promise<WorkQueueSection> {
  const after = cursor ? decodeCursor(cursor, CURSOR_KEYS) : undefined;
  if (after && after.queue !== stage) throw invalidCursor();
  const [out, count] = await Promise.all([
    ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: APPLICATION_INDEXES.byQueue,
        KeyConditionExpression: '#queue = :stage',
        ExpressionAttributeNames: { '#queue': 'queue' },
        ExpressionAttributeValues: { ':stage': stage },
        ScanIndexForward: true,
        Limit: QUEUE_PAGE_SIZE,
        ExclusiveStartKey: after,
      }),
    ),
    // The count is the first page's: "Show more" reads the next rows only.
    after ? undefined : countStage(stage),
  ]);
  const items = (out.Items ?? []) as ApplicationItem[];
  return {
    stage,
    items: items.map(toStaffApplication),
    nextCursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey, CURSOR_KEYS) : null,
    ...(count === undefined ? {} : { count }),
  };
}

/** The dashboard's queue: every work stage's first page and count (in parallel), or one stage's next page. */
export async function workQueue(query: { stage?: string; cursor?: string }): Promise<{ sections: WorkQueueSection[] }> {
  if (query.stage) return { sections: [await workQueueStage(query.stage as QueueStage, query.cursor)] };
  return { sections: await Promise.all(WORK_STAGES.map((stage) => workQueueStage(stage, undefined))) };
}
