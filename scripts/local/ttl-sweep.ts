import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, TABLES, type TableDef, type TableKey } from '../../functions/tables.ts';

/**
 * DynamoDB's TTL, twinned for the local runtime. DynamoDB Local deletes expired items only from
 * tables without a secondary index (measured with DynamoDB Local 3: an item of a table with a
 * GSI stayed; without one it went within seconds), so the applications, outbox and audit
 * tables would keep everything. This deletes, from every table with a TTL attribute, the items
 * whose attribute is a time (epoch seconds) that has passed: the rule DynamoDB applies. Each
 * delete is conditional on that rule still holding, so an item whose expiry was just removed or
 * moved on (an application paid meanwhile) is kept. Returns how many items it deleted.
 */
export async function sweepExpiredItems(endpoint: string, tables: Record<TableKey, string>, now = Date.now()): Promise<number> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const db = DynamoDBDocumentClient.from(client);
  const nowSeconds = Math.floor(now / 1000);
  let deleted = 0;
  try {
    for (const key of TABLE_KEYS) {
      const def: TableDef = TABLES[key];
      if (!def.ttlAttribute) continue;
      const keyNames = [def.partitionKey.name, ...(def.sortKey ? [def.sortKey.name] : [])];
      const names = { '#ttl': def.ttlAttribute, ...Object.fromEntries(keyNames.map((n, i) => [`#k${i}`, n])) };
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new ScanCommand({
            TableName: tables[key],
            FilterExpression: '#ttl < :now',
            ProjectionExpression: keyNames.map((_, i) => `#k${i}`).join(', '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':now': nowSeconds },
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) {
          try {
            await db.send(
              new DeleteCommand({
                TableName: tables[key],
                Key: item,
                ConditionExpression: '#ttl < :now',
                ExpressionAttributeNames: { '#ttl': def.ttlAttribute },
                ExpressionAttributeValues: { ':now': nowSeconds },
              }),
            );
            deleted++;
          } catch (err) {
            if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
          }
        }
        start = page.LastEvaluatedKey;
      } while (start);
    }
  } finally {
    client.destroy();
  }
  return deleted;
}
