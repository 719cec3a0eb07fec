import { randomUUID } from 'node:crypto';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { PutCommand, QueryCommand, type TransactItem } from '../lib/clients/dynamodb-sdk.ts';

/** The staff dashboard's "recent activity" feed, one partition read newest-first. */
interface ActivityEntry {
  id: string;
  action: string;
  description: string;
  createdAt: string;
  applicationId?: string;
}

const FEED = 'FEED';

function activityItem(action: string, description: string, applicationId?: string) {
  const createdAt = new Date().toISOString();
  const id = randomUUID();
  return { pk: FEED, sk: `${createdAt}#${id}`, id, action, description, createdAt, applicationId };
}

/** A Put for use inside a TransactWriteItems with the change it describes. */
export function activityPut(action: string, description: string, applicationId?: string): TransactItem {
  return { Put: { TableName: tableName('activity'), Item: activityItem(action, description, applicationId) } };
}

export async function recordActivity(action: string, description: string, applicationId?: string): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName('activity'), Item: activityItem(action, description, applicationId) }));
}

/** Newest `limit` entries: one Query. */
export async function listRecentActivity(limit = 20): Promise<ActivityEntry[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('activity'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': FEED },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(({ id, action, description, createdAt, applicationId }) => ({ id, action, description, createdAt, applicationId }));
}
