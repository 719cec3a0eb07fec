import { type QueueStage, queueStageOf, stageSinceOf } from '#shared/staff/work-queue.ts';
import { type ApplicationItem, ItemUpdate, readItem, update, versionOf } from './item.ts';
import { placedOrderPages } from './search-backfill.ts';

/**
 * Gives every placed order the work-queue stage its status, payment, details and documents say
 * (shared/staff/work-queue.ts queueStageOf), dated from the change that put it there
 * (`stageSinceOf`): orders written before their stage was kept, or before a stage existed (a paid
 * order waiting for its details had none), land in the queue (docs/decisions/0410). Pages through
 * the orders past draft with the byList index (a Query a page, no table scan) and writes only those whose stored
 * stage differs, each at the version read: an order written meanwhile was given its stage by that
 * write and is read again. Safe to run again and while the site takes orders.
 */

const PAGE = 100;

export interface QueueBackfillCounts {
  ordersRead: number;
  ordersMoved: number;
  /** By the stage each moved order landed in ('none': taken out of the queue). */
  byStage: Partial<Record<QueueStage | 'none', number>>;
}

const stageWanted = (app: ApplicationItem) => queueStageOf(app);
const isRight = (app: ApplicationItem, stage: QueueStage | undefined) => app.queue === stage && (stage === undefined || Boolean(app.queueSince));

async function place(app: ApplicationItem, now: string): Promise<QueueStage | undefined | 'unchanged'> {
  let current: ApplicationItem | undefined = app;
  for (let attempt = 0; current && attempt < 3; attempt++) {
    const stage = stageWanted(current);
    if (isRight(current, stage)) return 'unchanged';
    const change = new ItemUpdate(current.id).atVersion(versionOf(current)).queueAt(stage, stage ? stageSinceOf(stage, current, now) : now);
    if (await update(change)) return stage;
    current = await readItem(app.id);
  }
  return 'unchanged';
}

export async function backfillQueueStages(onPage?: (counts: QueueBackfillCounts) => void, now = new Date()): Promise<QueueBackfillCounts> {
  const counts: QueueBackfillCounts = { ordersRead: 0, ordersMoved: 0, byStage: {} };
  for await (const page of placedOrderPages(PAGE)) {
    counts.ordersRead += page.length;
    for (const app of page) {
      if (isRight(app, stageWanted(app))) continue;
      const placed = await place(app, now.toISOString());
      if (placed === 'unchanged') continue;
      counts.ordersMoved += 1;
      const key = placed ?? 'none';
      counts.byStage[key] = (counts.byStage[key] ?? 0) + 1;
    }
    onPage?.({ ...counts, byStage: { ...counts.byStage } });
  }
  return counts;
}
