import { parseArgs } from 'node:util';
import type { QueueBackfillCounts } from '../functions/data/applications/queue-backfill.ts';
import { runIfMain } from './cli.ts';
import { type StageTarget, stageTarget, useStage } from './stage-tables.ts';

/**
 * `npm run queue:backfill -- --stage prod`
 *
 * Gives every placed order the work-queue stage it belongs in, dated from the change that put it
 * there (functions/data/applications/queue-backfill.ts, docs/decisions/0410): paid orders waiting
 * for their filing details, orders in processing and filed orders written before those stages
 * existed land in the queue. Safe to run again, and while the site takes orders: it writes only
 * the orders whose stage differs, each at the version read. Run once after the deploy that brings
 * the stages (docs/deploy.md).
 *
 * Needs dynamodb:Query on the applications table's byList index, GetItem and UpdateItem on the
 * table. `--stage local` works against DynamoDB Local (`--endpoint`, or DYNAMODB_ENDPOINT).
 */
const USAGE = 'Usage: npm run queue:backfill -- --stage prod|dev|local [--endpoint <DynamoDB Local URL>] [--table-prefix <local prefix>]';

export function parseQueueBackfillArgs(argv: string[], env?: NodeJS.ProcessEnv): StageTarget {
  const { values } = parseArgs({
    args: argv,
    options: { stage: { type: 'string' }, endpoint: { type: 'string' }, 'table-prefix': { type: 'string' } },
    strict: true,
  });
  return stageTarget(values, USAGE, env);
}

const summary = (c: QueueBackfillCounts) =>
  `${c.ordersRead} order(s) read; ${c.ordersMoved} given their stage (${
    Object.entries(c.byStage)
      .map(([stage, n]) => `${stage}: ${n}`)
      .join(', ') || 'none'
  }).`;

export async function main(argv = process.argv.slice(2), log: (line: string) => void = console.log): Promise<QueueBackfillCounts> {
  const target = parseQueueBackfillArgs(argv);
  await useStage(target);
  // Imported after the environment is set: the data modules read it once.
  const { backfillQueueStages } = await import('../functions/data/applications/queue-backfill.ts');
  const counts = await backfillQueueStages((sofar) => log(`… ${summary(sofar)}`));
  log(`Work queue backfill on ${target.stage} done: ${summary(counts)}`);
  return counts;
}

runIfMain(import.meta.url, async () => {
  await main();
});
