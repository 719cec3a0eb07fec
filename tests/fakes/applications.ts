import { createHash, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { orderForApplication } from '#shared/payments/order.ts';
import { ddb, tableName } from '../../functions/lib/clients/dynamodb.ts';
import { storedFilingDetails } from './filing-details.ts';

/**
 * The resume secret of every fixture application: tests/helpers/events.ts sends it on holder
 * routes unless a test gives its own (or none).
 */
export const TEST_RESUME_SECRET = 'test-resume-secret-0123456789abcdef';
export const TEST_RESUME_SECRET_HASH = createHash('sha256').update(TEST_RESUME_SECRET).digest('hex');

/** Writes an application item directly, as the wizard would have saved it. */
export async function putApplication(fields: Record<string, unknown> = {}): Promise<Record<string, unknown> & { id: string }> {
  const item = {
    id: randomUUID(),
    userId: 'user-fixture-01',
    firstName: 'Ava',
    phone: '305-555-0100',
    hasInventory: false,
    priority: 'tax',
    residenceState: 'FL',
    contentTypes: ['lifestyle'],
    platforms: ['instagram'],
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
    resumeSecretHash: TEST_RESUME_SECRET_HASH,
    // A paid order's customer has completed the filing details (Start Processing needs them);
    // a test of the order without them passes `detailsCompletedAt: undefined`.
    ...(fields.paymentStatus === 'paid' ? { detailsCompletedAt: new Date().toISOString(), filingDetails: storedFilingDetails() } : {}),
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

/**
 * An application whose payment has started: the order priced and frozen as beginPayment
 * freezes it (pricedOrder), with the provider's open intent or session.
 */
export async function putPricedApplication(
  fields: Record<string, unknown> = {},
  intent: { id?: string; provider?: string } = {},
): Promise<Record<string, unknown> & { id: string }> {
  const base = { state: 'FL', expeditedFiling: false, feinFiling: false, operatingAgreement: false, ...fields };
  const order = orderForApplication(base as never);
  return putApplication({
    paymentStatus: 'pending',
    paymentIntentId: intent.id ?? `pi_fixture_${randomUUID().slice(0, 8)}`,
    paymentIntentProvider: intent.provider ?? 'stripe',
    paymentIntentAmountCents: order?.totalCents,
    pricedOrder: {
      totalCents: order?.totalCents ?? 0,
      state: String(base.state),
      expeditedFiling: Boolean(base.expeditedFiling),
      feinFiling: Boolean(base.feinFiling),
      operatingAgreement: Boolean(base.operatingAgreement),
      pricedAt: new Date().toISOString(),
    },
    ...fields,
  });
}
