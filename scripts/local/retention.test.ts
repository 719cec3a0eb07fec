import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES, type TableDef } from '../../functions/tables.ts';
import { ensureTables, type RunningService, startDynamoDbLocal } from './services.ts';
import { sweepExpiredItems } from './ttl-sweep.ts';

/**
 * Unpaid applications leave when the privacy page says (30 days after their last change): the
 * applications table's TTL on `expiresAt`, as the local runtime sets it up (a DynamoDB Local with
 * a data folder, tables by ensureTables, and its sweep). An expired unpaid application is deleted;
 * a paid one, whose payment removed the expiry, is kept.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-retention-'));
let dynamo: RunningService;
let client: DynamoDBClient;
let db: DynamoDBDocumentClient;

beforeAll(async () => {
  dynamo = await startDynamoDbLocal(join(dataDir, 'dynamodb'));
  client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  db = DynamoDBDocumentClient.from(client);
}, 90_000);
afterAll(async () => {
  client?.destroy();
  await dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const ttlOf = async (table: string) => (await client.send(new DescribeTimeToLiveCommand({ TableName: table }))).TimeToLiveDescription;
const read = async (table: string, id: string) => (await db.send(new GetCommand({ TableName: table, Key: { id }, ConsistentRead: true }))).Item;

describe('unpaid applications are deleted locally by the TTL on expiresAt', () => {
  it('deletes an expired unpaid application and keeps a paid one', async () => {
    const tables = await ensureTables(dynamo.endpoint, 'retention');
    expect(await ttlOf(tables.applications)).toMatchObject({ AttributeName: 'expiresAt', TimeToLiveStatus: 'ENABLED' });
    const now = Math.floor(Date.now() / 1000);
    // Thirty days after its last change: an unpaid draft whose expiry has passed.
    await db.send(new PutCommand({ TableName: tables.applications, Item: { id: 'unpaid-expired', status: 'draft', expiresAt: now - 1 } }));
    // Paid before its expiry came: the payment's write removes expiresAt (markPaid).
    await db.send(new PutCommand({ TableName: tables.applications, Item: { id: 'paid', status: 'submitted', expiresAt: now + 2 } }));
    await db.send(
      new UpdateCommand({
        TableName: tables.applications,
        Key: { id: 'paid' },
        UpdateExpression: 'SET paymentStatus = :paid REMOVE expiresAt',
        ExpressionAttributeValues: { ':paid': 'paid' },
      }),
    );
    await db.send(new PutCommand({ TableName: tables.applications, Item: { id: 'unpaid-current', status: 'draft', expiresAt: now + 30 * 86400 } }));
    // DynamoDB Local leaves expired items of a table with indexes in place: the runtime's sweep deletes them.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await read(tables.applications, 'unpaid-expired')).toBeDefined();
    // Past the paid one's former expiry too.
    expect(await sweepExpiredItems(dynamo.endpoint, tables, (now + 10) * 1000)).toBe(1);
    expect(await read(tables.applications, 'unpaid-expired')).toBeUndefined();
    expect(await read(tables.applications, 'paid')).toMatchObject({ paymentStatus: 'paid' });
    expect(await read(tables.applications, 'unpaid-current')).toBeDefined();
    // A second sweep finds nothing more.
    expect(await sweepExpiredItems(dynamo.endpoint, tables, (now + 10) * 1000)).toBe(0);
  }, 90_000);

  it('turns the TTL on, and adds a new index, for a data folder whose applications table was made before them', async () => {
    // The table as a data folder from before the mail room's index (and the TTL) holds it.
    const before = (TABLES.applications as TableDef).indexes?.filter((i) => i.indexName !== 'byMail') ?? [];
    const keys = new Map<string, 'S' | 'N'>([['id', 'S']]);
    for (const i of before) for (const k of [i.partitionKey, i.sortKey]) if (k) keys.set(k.name, k.type);
    await client.send(
      new CreateTableCommand({
        TableName: 'older-applications',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...keys].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: before.map((i) => ({
          IndexName: i.indexName,
          KeySchema: [
            { AttributeName: i.partitionKey.name, KeyType: 'HASH' as const },
            ...(i.sortKey ? [{ AttributeName: i.sortKey.name, KeyType: 'RANGE' as const }] : []),
          ],
          Projection: { ProjectionType: i.projection ?? 'ALL' },
        })),
      }),
    );
    expect((await ttlOf('older-applications'))?.TimeToLiveStatus).toBe('DISABLED');
    await ensureTables(dynamo.endpoint, 'older');
    expect(await ttlOf('older-applications')).toMatchObject({ AttributeName: 'expiresAt', TimeToLiveStatus: 'ENABLED' });
    // The index it lacked is added, as a deploy of the data stack would.
    const indexes = (await client.send(new DescribeTableCommand({ TableName: 'older-applications' }))).Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName);
    expect(indexes?.sort()).toEqual(TABLES.applications.indexes.map((i) => i.indexName).sort());
    expect(indexes).toContain('byMail');
  }, 90_000);
});
