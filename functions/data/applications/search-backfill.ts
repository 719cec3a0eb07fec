import { ddb } from '../../lib/clients/dynamodb.ts';
import { QueryCommand, type TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { APPLICATION_INDEXES, type ApplicationItem, LIST_PARTITION, readItem, table, versionOf } from './item.ts';

/**
 * What the search index backfill (functions/data/search-backfill.ts) needs of the applications
 * table: the placed orders a page at a time, and the check that an order is still as read.
 */

/** Every order past draft (the byList index), `pageSize` a Query. */
export async function* placedOrderPages(pageSize: number): AsyncGenerator<ApplicationItem[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: APPLICATION_INDEXES.byList,
        KeyConditionExpression: 'listPartition = :all',
        ExpressionAttributeValues: { ':all': LIST_PARTITION },
        Limit: pageSize,
        ExclusiveStartKey: start,
      }),
    );
    yield (out.Items ?? []) as ApplicationItem[];
    start = out.LastEvaluatedKey;
  } while (start);
}

/** A transaction's check that nobody wrote the order since it was read (every write bumps `version`; none counts as 0). */
export function unchangedSinceRead(app: ApplicationItem): TransactItem {
  const version = versionOf(app);
  return {
    ConditionCheck: {
      TableName: table(),
      Key: { id: app.id },
      ConditionExpression: version === 0 ? 'attribute_exists(id) AND (attribute_not_exists(#v) OR #v = :v)' : '#v = :v',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':v': version },
    },
  };
}

/** The order as it is now (after a cancelled transaction). */
export const rereadOrder = (app: ApplicationItem) => readItem(app.id);
