import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type UpdateSpec = Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>;

/** The application's own conditional Update, as the first item of a change transaction. */
export function applicationUpdate(id: string, spec: UpdateSpec): TransactItem {
  return { Update: { TableName: tableName('applications'), Key: { id }, ...spec } };
}

/**
 * Writes an application change and what it implies (status counters, an activity entry) in one
 * transaction: all of it or nothing. Resolves false when the application's own condition failed
 * (nothing was written); any other failure is thrown.
 */
export async function writeApplicationChange(change: TransactItem, alongside: TransactItem[]): Promise<boolean> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [change, ...alongside] }));
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw err;
  }
}
