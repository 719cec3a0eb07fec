import {
  type AttributeValue,
  BatchWriteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS, TABLES, type TableKey } from '../../functions/tables.ts';
import { tableName } from '../../infra/stage-config.ts';
import { runIfMain } from '../cli.ts';
import { parseOpsArgs } from './args.ts';
import { awsIdentity, describeIdentity, sdkSts } from './aws-access.ts';

/**
 * `npm run restore -- --stage prod --table applications --to 2026-11-27T09:30:00Z [--only-missing] [--restored-table <name>] [--delete-restored]`
 *
 * Brings a table's items back as they were at a point in time (docs/deploy.md, Restore a table):
 * 1. DynamoDB's point-in-time recovery restores the live table into a NEW table
 *    (`<table>-restored-<time>`): it cannot restore over the live one, and the stacks address
 *    the live table by its fixed name, so the stage is not switched to the copy;
 * 2. once the copy is ACTIVE, every item of it is written back into the live table (a parallel
 *    Scan, BatchWriteItem, unprocessed items retried). By default a restored item replaces the
 *    live one with the same key; `--only-missing` writes only items the live table no longer
 *    has (deleted by mistake), leaving newer changes alone. Items created after the point in
 *    time stay either way.
 * 3. The restored table is kept for comparison (it is billed like any table) unless
 *    `--delete-restored`.
 *
 * `--restored-table` skips step 1 and copies from a table already restored (for example by AWS
 * Backup, or a run that stopped).
 */

export interface RestoreOptions {
  stage: 'dev' | 'prod';
  table: TableKey;
  /** The live table's name; the stage's (`creator-llc-<stage>-<table>`) unless given. */
  liveTable?: string;
  /** The point in time to restore to (PITR keeps 35 days). */
  to?: Date;
  /** Copy from this already-restored table instead of restoring one. */
  restoredTable?: string;
  onlyMissing?: boolean;
  deleteRestored?: boolean;
  /** Parallel Scan segments. */
  segments?: number;
  /** How long to wait for the restored table, and between looks. */
  waitMs?: number;
  pollMs?: number;
  log?: (line: string) => void;
}

export interface RestoreResult {
  restoredTable: string;
  liveTable: string;
  /** Items read from the restored table. */
  read: number;
  /** Items written into the live table. */
  written: number;
  /** Items left alone with --only-missing: the live table still had them. */
  kept: number;
}

/** The name a restore gives its copy: `<live>-restored-<yyyymmddThhmmss>`. */
export function restoredTableName(live: string, to: Date): string {
  return `${live}-restored-${to.toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
}

/** Steps 1 to 3 above with this DynamoDB client (tests: DynamoDB Local, with the restore call answered by a fake). */
export async function restoreTable(ddb: DynamoDBClient, options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const liveTable = options.liveTable ?? tableName(options.stage, options.table);
  let restoredTable = options.restoredTable;
  if (!restoredTable) {
    if (!options.to || Number.isNaN(options.to.getTime())) throw new Error('Say which point in time: --to 2026-11-27T09:30:00Z (UTC, within the last 35 days)');
    restoredTable = restoredTableName(liveTable, options.to);
    log(`Restoring ${liveTable} as it was at ${options.to.toISOString()} into ${restoredTable} (point-in-time recovery; minutes to hours)`);
    await ddb.send(new RestoreTableToPointInTimeCommand({ SourceTableName: liveTable, TargetTableName: restoredTable, RestoreDateTime: options.to }));
  }
  await waitUntilActive(ddb, restoredTable, options.waitMs ?? 6 * 3600_000, options.pollMs ?? 20_000);
  const key = keyNames(options.table);
  log(`Copying ${restoredTable} into ${liveTable}${options.onlyMissing ? ' (only items it no longer has)' : ''}`);
  const segments = options.segments ?? 4;
  const counts = await Promise.all(
    Array.from({ length: segments }, (_, segment) =>
      copySegment(ddb, restoredTable as string, liveTable, key, segment, segments, Boolean(options.onlyMissing)),
    ),
  );
  const result = counts.reduce((a, b) => ({ read: a.read + b.read, written: a.written + b.written, kept: a.kept + b.kept }), { read: 0, written: 0, kept: 0 });
  if (options.deleteRestored) {
    await ddb.send(new DeleteTableCommand({ TableName: restoredTable }));
    log(`Deleted ${restoredTable}`);
  }
  return { restoredTable, liveTable, ...result };
}

function keyNames(table: TableKey): string[] {
  const def = TABLES[table] as { partitionKey: { name: string }; sortKey?: { name: string } };
  return [def.partitionKey.name, ...(def.sortKey ? [def.sortKey.name] : [])];
}

async function waitUntilActive(ddb: DynamoDBClient, table: string, waitMs: number, pollMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let status: string | undefined;
    try {
      status = (await ddb.send(new DescribeTableCommand({ TableName: table }))).Table?.TableStatus;
    } catch (err) {
      if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    }
    if (status === 'ACTIVE') return;
    if (Date.now() > deadline)
      throw new Error(
        `${table} is not ACTIVE after ${Math.round(waitMs / 60_000)} min (status ${status ?? 'not found'}): run again with --restored-table ${table} once it is`,
      );
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

const BATCH = 25;

async function copySegment(
  ddb: DynamoDBClient,
  from: string,
  to: string,
  key: string[],
  segment: number,
  totalSegments: number,
  onlyMissing: boolean,
): Promise<{ read: number; written: number; kept: number }> {
  let read = 0;
  let written = 0;
  let kept = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({ TableName: from, Segment: segment, TotalSegments: totalSegments, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    const items = page.Items ?? [];
    read += items.length;
    if (onlyMissing) {
      for (const item of items) {
        try {
          await ddb.send(
            new PutItemCommand({ TableName: to, Item: item, ConditionExpression: `attribute_not_exists(#k)`, ExpressionAttributeNames: { '#k': key[0] } }),
          );
          written++;
        } catch (err) {
          if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
          kept++;
        }
      }
    } else {
      for (let i = 0; i < items.length; i += BATCH) written += await writeBatch(ddb, to, items.slice(i, i + BATCH));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { read, written, kept };
}

/** One BatchWriteItem, its unprocessed items retried with backoff until none are left. */
async function writeBatch(ddb: DynamoDBClient, table: string, items: Record<string, AttributeValue>[]): Promise<number> {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length; attempt++) {
    if (attempt > 12) throw new Error(`${table}: ${requests.length} items still unprocessed after 12 retries`);
    if (attempt) await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 5_000)));
    const out = await ddb.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
    requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
  }
  return items.length;
}

async function main(argv: string[]): Promise<void> {
  const args = parseOpsArgs(argv, { flags: ['only-missing', 'delete-restored'], values: ['table', 'to', 'restored-table'] });
  const table = args.values.get('table') as TableKey | undefined;
  if (!table || !TABLE_KEYS.includes(table)) throw new Error(`Say which table: --table ${TABLE_KEYS.join('|')}`);
  const to = args.values.get('to');
  // Who the credentials are first: none stops here with one sentence, before DynamoDB is asked anything.
  console.log(describeIdentity(await awsIdentity(await sdkSts(args.region), args.region)));
  const result = await restoreTable(new DynamoDBClient({ region: args.region }), {
    stage: args.stage,
    table,
    to: to ? new Date(to) : undefined,
    restoredTable: args.values.get('restored-table'),
    onlyMissing: args.flags.has('only-missing'),
    deleteRestored: args.flags.has('delete-restored'),
    log: (line) => console.log(line),
  });
  console.log(
    `✓ ${result.read} items read from ${result.restoredTable}, ${result.written} written into ${result.liveTable}${result.kept ? `, ${result.kept} left as they are (still there)` : ''}.`,
  );
  if (!args.flags.has('delete-restored')) console.log(`${result.restoredTable} is kept (billed like any table): delete it once the restore is checked.`);
}

runIfMain(import.meta.url, () => main(process.argv.slice(2)));
