import { QUEUE_PAGE_SIZE, type QueueStage, staleProcessingCutoff, WORK_STAGES } from '#shared/staff/work-queue.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { QueryCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { decodeCursor, encodeCursor, invalidCursor } from '../cursor.ts';
import { APPLICATION_INDEXES, type ApplicationItem, table } from './item.ts';
import { type StaffApplicationView, toStaffApplication } from './staff.ts';

/**
 * The staff work queue (shared/staff/work-queue.ts): each stage is one Query of the sparse byQueue
 * index, oldest first, 25 a page, however many orders the table holds. Processing orders are
 * listed only once they have waited PROCESSING_STALE_DAYS (the key condition, not a filter).
 */

const CURSOR_KEYS = ['id', 'queue', 'queueSince'] as const;

export interface WorkQueueSection {
  stage: QueueStage;
  items: StaffApplicationView[];
  nextCursor: string | null;
}

export async function workQueueStage(stage: QueueStage, cursor: string | undefined, now = new Date()): Promise<WorkQueueSection> {
  const after = cursor ? decodeCursor(cursor, CURSOR_KEYS) : undefined;
  if (after && after.queue !== stage) throw invalidCursor();
  const stale = stage === 'processing';
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: APPLICATION_INDEXES.byQueue,
      KeyConditionExpression: stale ? '#queue = :stage AND #since <= :cutoff' : '#queue = :stage',
      ExpressionAttributeNames: { '#queue': 'queue', ...(stale ? { '#since': 'queueSince' } : {}) },
      ExpressionAttributeValues: { ':stage': stage, ...(stale ? { ':cutoff': staleProcessingCutoff(now) } : {}) },
      ScanIndexForward: true,
      Limit: QUEUE_PAGE_SIZE,
      ExclusiveStartKey: after,
    }),
  );
  const items = (out.Items ?? []) as ApplicationItem[];
  return {
    stage,
    items: items.map(toStaffApplication),
    nextCursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey, CURSOR_KEYS) : null,
  };
}

/** The dashboard's queue: every work stage's first page (one Query each, in parallel), or one stage's next page. */
export async function workQueue(query: { stage?: string; cursor?: string }, now = new Date()): Promise<{ sections: WorkQueueSection[] }> {
  if (query.stage) return { sections: [await workQueueStage(query.stage as QueueStage, query.cursor, now)] };
  return { sections: await Promise.all(WORK_STAGES.map((stage) => workQueueStage(stage, undefined, now))) };
}
