import { parseArgs } from 'node:util';
import type { BackfillCounts } from '../functions/data/search-backfill.ts';
import { runIfMain } from './cli.ts';
import { type StageTarget, stageTarget, useStage } from './stage-tables.ts';

/**
 * `npm run search:backfill -- --stage prod`
 *
 * Gives the orders and tickets written before the staff search index existed their index items
 * (functions/data/search-backfill.ts, docs/decisions/0376), so search finds them. Safe to run
 * again, and while the site takes orders: it writes only the items missing, each once, even with
 * two runs at once. Run once after the first deploy that has the search index (docs/deploy.md).
 *
 * Runs with the operator's AWS credentials against the stage's tables in us-east-1; needs
 * dynamodb:Query on the applications and tickets tables' indexes, GetItem and ConditionCheckItem
 * on those tables, and BatchGetItem, PutItem (TransactWriteItems) on the search index table.
 * `--stage local` works against DynamoDB Local (`--endpoint`, or DYNAMODB_ENDPOINT; the tables of
 * `npm start`, or those of `--table-prefix`).
 */
const USAGE = 'Usage: npm run search:backfill -- --stage prod|dev|local [--endpoint <DynamoDB Local URL>] [--table-prefix <local prefix>]';

export function parseBackfillArgs(argv: string[], env?: NodeJS.ProcessEnv): StageTarget {
  const { values } = parseArgs({
    args: argv,
    options: { stage: { type: 'string' }, endpoint: { type: 'string' }, 'table-prefix': { type: 'string' } },
    strict: true,
  });
  return stageTarget(values, USAGE, env);
}

const summary = (c: BackfillCounts) =>
  `${c.ordersRead} order(s) and ${c.ticketsRead} ticket(s) read; ${c.recordsIndexed} lacked index items: ${c.itemsWritten} item(s) written.`;

export async function main(argv = process.argv.slice(2), log: (line: string) => void = console.log): Promise<BackfillCounts> {
  const target = parseBackfillArgs(argv);
  await useStage(target);
  // Imported after the environment is set: the data modules read it once.
  const { backfillSearchIndex } = await import('../functions/data/search-backfill.ts');
  const counts = await backfillSearchIndex((sofar) => log(`… ${summary(sofar)}`));
  log(`Search index backfill on ${target.stage} done: ${summary(counts)}`);
  return counts;
}

runIfMain(import.meta.url, async () => {
  await main();
});
