import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../functions/lib/clients/dynamodb.ts';

/** Writes an application item directly, as the wizard would have saved it. */
export async function putApplication(fields: Record<string, unknown> = {}): Promise<Record<string, unknown> & { id: string }> {
  const item = {
    id: randomUUID(),
    firstName: 'Ava',
    lastName: 'Creator',
    email: 'ava@example.com',
    businessName: 'Ava Creates LLC',
    state: 'FL',
    expeditedFiling: false,
    feinFiling: false,
    operatingAgreement: false,
    status: 'draft',
    paymentStatus: 'unpaid',
    createdAt: new Date().toISOString(),
    ...fields,
  };
  return writeApplication(item);
}

/** Puts an application item as given (the one write behind every application fixture). */
export async function writeApplication<T extends Record<string, unknown>>(item: T): Promise<T> {
  await ddb().send(new PutCommand({ TableName: tableName('applications'), Item: item }));
  return item;
}

/** Sets attributes of an application item directly (a state the product's own writes would not make). */
export async function setApplicationFields(id: string, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  await ddb().send(
    new UpdateCommand({
      TableName: tableName('applications'),
      Key: { id },
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:f${i}`, fields[n]])),
    }),
  );
}

export async function readApplication(id: string): Promise<Record<string, any> | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName('applications'), Key: { id }, ConsistentRead: true }))).Item;
}

export async function readStats(): Promise<Record<string, any>> {
  return (await ddb().send(new GetCommand({ TableName: tableName('counters'), Key: { id: 'STATS' }, ConsistentRead: true }))).Item ?? {};
}
