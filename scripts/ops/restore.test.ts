import { randomBytes } from 'node:crypto';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ScanCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoredTableName, restoreTable } from './restore.ts';

/**
 * The restore against DynamoDB Local: a seeded table, an accident (items deleted and changed),
 * then the restore. Point-in-time recovery itself is AWS's: the fake answers
 * RestoreTableToPointInTime by creating the target table with the items as they were before the
 * accident. Everything after that (waiting for the table, the parallel Scan, the batched
 * writes and their retries) runs for real.
 */
const ddb = new DynamoDBClient({
  endpoint: process.env.DYNAMODB_ENDPOINT,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const live = `restore-test-applications-${Date.now()}`;
const ITEMS = 700;
/** The table as it was at the point in time, item by id. */
const before = new Map<string, Record<string, AttributeValue>>();
const restoreCalls: { source?: string; target?: string; at?: Date }[] = [];

async function scanAll(table: string): Promise<Map<string, Record<string, AttributeValue>>> {
  const out = new Map<string, Record<string, AttributeValue>>();
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of page.Items ?? []) out.set(item.id.S as string, item);
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

async function createTable(name: string) {
  await ddb.send(
    new CreateTableCommand({
      TableName: name,
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
}

async function putAll(table: string, items: Record<string, AttributeValue>[]) {
  for (let i = 0; i < items.length; i += 25)
    await ddb.send(new BatchWriteItemCommand({ RequestItems: { [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
}

beforeAll(async () => {
  // Point-in-time recovery, faked: a new table holding the items as they were.
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'RestoreTableToPointInTimeCommand') return next(args);
      const input = args.input as { SourceTableName: string; TargetTableName: string; RestoreDateTime: Date };
      restoreCalls.push({ source: input.SourceTableName, target: input.TargetTableName, at: input.RestoreDateTime });
      await createTable(input.TargetTableName);
      await putAll(input.TargetTableName, [...before.values()]);
      return { output: { $metadata: {}, TableDescription: { TableName: input.TargetTableName, TableStatus: 'CREATING' } }, response: {} } as never;
    },
    { step: 'initialize', name: 'fakePointInTimeRecovery' },
  );
  await createTable(live);
  // Every attribute type an application can hold, and items large enough that each Scan segment pages.
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    id: { S: `app-${String(i).padStart(4, '0')}` },
    version: { N: String(i % 7) },
    email: { S: `person${i}@example.com` },
    paid: { BOOL: i % 3 === 0 },
    taxId: { B: randomBytes(32) },
    tags: { SS: ['a', `t${i % 5}`] },
    lines: { L: [{ M: { label: { S: 'Filing fee' }, amount: { N: '125' } } }, { NULL: true }] },
    notes: { S: 'x'.repeat(8_000) },
  }));
  await putAll(live, items);
  for (const [id, item] of await scanAll(live)) before.set(id, item);
}, 120_000);

afterAll(() => ddb.destroy());

describe('npm run restore', () => {
  it('restores the table to the point in time and finds every item back in the live table', async () => {
    const at = new Date(Date.now() - 60_000);
    // The accident after that time: 300 items deleted, 50 changed; then a new order arrives.
    for (let i = 0; i < 300; i++) await ddb.send(new DeleteItemCommand({ TableName: live, Key: { id: { S: `app-${String(i * 2).padStart(4, '0')}` } } }));
    for (let i = 0; i < 50; i++)
      await ddb.send(
        new UpdateItemCommand({
          TableName: live,
          Key: { id: { S: `app-${String(i * 2 + 1).padStart(4, '0')}` } },
          UpdateExpression: 'SET email = :e',
          ExpressionAttributeValues: { ':e': { S: 'wrong@example.com' } },
        }),
      );
    await ddb.send(new PutItemCommand({ TableName: live, Item: { id: { S: 'app-new' }, email: { S: 'new@example.com' } } }));
    expect((await scanAll(live)).size).toBe(ITEMS - 300 + 1);

    const lines: string[] = [];
    const result = await restoreTable(ddb, { stage: 'prod', table: 'applications', liveTable: live, to: at, pollMs: 50, log: (l) => lines.push(l) });

    expect(restoreCalls.at(-1)).toEqual({ source: live, target: restoredTableName(live, at), at });
    expect(result).toMatchObject({ restoredTable: restoredTableName(live, at), liveTable: live, read: ITEMS, written: ITEMS, kept: 0 });
    const after = await scanAll(live);
    for (const [id, item] of before) expect(after.get(id), id).toEqual(item);
    // What arrived after the point in time is still there.
    expect(after.get('app-new')?.email).toEqual({ S: 'new@example.com' });
    expect(after.size).toBe(ITEMS + 1);
    // The restored copy is kept for comparison unless asked otherwise.
    expect((await ddb.send(new DescribeTableCommand({ TableName: result.restoredTable }))).Table?.TableStatus).toBe('ACTIVE');
    expect(lines[0]).toContain(`Restoring ${live} as it was at ${at.toISOString()}`);
  }, 180_000);

  it('--only-missing brings back deleted items and leaves changed ones as they are now', async () => {
    for (let i = 0; i < 20; i++) await ddb.send(new DeleteItemCommand({ TableName: live, Key: { id: { S: `app-${String(i).padStart(4, '0')}` } } }));
    await ddb.send(
      new UpdateItemCommand({
        TableName: live,
        Key: { id: { S: 'app-0600' } },
        UpdateExpression: 'SET email = :e',
        ExpressionAttributeValues: { ':e': { S: 'changed-since@example.com' } },
      }),
    );
    const restored = `${live}-by-backup`;
    await createTable(restored);
    await putAll(restored, [...before.values()]);

    const result = await restoreTable(ddb, {
      stage: 'prod',
      table: 'applications',
      liveTable: live,
      restoredTable: restored,
      onlyMissing: true,
      deleteRestored: true,
      pollMs: 50,
    });
    expect(result).toMatchObject({ read: ITEMS, written: 20, kept: ITEMS - 20 });
    const after = await scanAll(live);
    for (let i = 0; i < 20; i++) expect(after.get(`app-${String(i).padStart(4, '0')}`)).toEqual(before.get(`app-${String(i).padStart(4, '0')}`));
    expect(after.get('app-0600')?.email).toEqual({ S: 'changed-since@example.com' });
    await expect(ddb.send(new DescribeTableCommand({ TableName: restored }))).rejects.toThrow(/not found|non-existent/i);
  }, 180_000);

  it('needs the point in time', async () => {
    await expect(restoreTable(ddb, { stage: 'prod', table: 'applications', liveTable: live })).rejects.toThrow('Say which point in time');
  });
});
