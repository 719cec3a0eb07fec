import { randomUUID } from 'node:crypto';
import { createStaffSession } from '../../functions/data/sessions.ts';
import { ddb, tableName } from '../../functions/lib/clients/dynamodb.ts';
import { BatchWriteCommand } from '../../functions/lib/clients/dynamodb-sdk.ts';
import { writeApplication } from './applications.ts';
import { storedFilingDetails } from './filing-details.ts';

/**
 * Test fixtures for the staff handlers: applications written straight to the table (in the
 * shape the wizard and payment handlers leave them), and a valid staff token.
 */
export function applicationItem(overrides: Record<string, unknown> = {}) {
  const status = (overrides.status as string | undefined) ?? 'submitted';
  const createdAt = (overrides.createdAt as string | undefined) ?? new Date().toISOString();
  return {
    id: randomUUID(),
    userId: randomUUID(),
    firstName: 'Maya',
    lastName: 'Lopez',
    email: 'maya@example.com',
    phone: '305-555-0100',
    state: 'FL',
    businessName: 'Maya Makes Media LLC',
    annualIncome: 85000,
    contentTypes: ['lifestyle', 'travel'],
    platforms: ['instagram', 'tiktok'],
    expeditedFiling: true,
    feinFiling: false,
    operatingAgreement: true,
    createdAt,
    updatedAt: createdAt,
    ...(status !== 'draft' ? { submittedAt: createdAt, listPartition: 'ALL', paymentStatus: 'paid', amountPaidCents: 35000, paymentProvider: 'stripe' } : {}),
    // A paid order's customer has completed the filing details (Start Processing needs them);
    // a test of the order without them passes `detailsCompletedAt: undefined`.
    ...(status !== 'draft' ? { detailsCompletedAt: createdAt, filingDetails: storedFilingDetails() } : {}),
    ...overrides,
    status,
  };
}

/** A submitted (paid) application by default, unlike ./applications.ts's draft; same write. */
export async function putApplication(overrides: Record<string, unknown> = {}) {
  return writeApplication(applicationItem(overrides));
}

/** Writes many items fast (25 per BatchWrite, several batches in flight). */
export async function batchPut(table: Parameters<typeof tableName>[0], items: Record<string, unknown>[]) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++].map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName(table)]: pending } }));
        pending = (out.UnprocessedItems?.[tableName(table)] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

export async function staffHeaders(): Promise<Record<string, string>> {
  const { token } = await createStaffSession();
  return { 'staff-token': token };
}
