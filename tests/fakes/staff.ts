import { randomUUID } from 'node:crypto';
import type { StaffRole } from '#shared/staff/accounts.ts';
import { openSession, PersonChange, type PersonItem, writeTogether } from '../../functions/data/staff-accounts.ts';
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

export interface FakePerson {
  person: PersonItem;
  token: string;
  sessionId: string;
  headers: Record<string, string>;
}

/**
 * A person on the staff (an owner unless `role` says otherwise), active, signed in: the account
 * item, its email entry and a session, written as the sign-in writes them.
 */
export async function signedInPerson(
  opts: { role?: StaffRole; email?: string; name?: string; passwordHash?: string; totpSecret?: string } = {},
): Promise<FakePerson> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const email = opts.email ?? `${opts.role ?? 'owner'}-${id.slice(0, 8)}@staff.example.com`;
  const person: PersonItem = {
    pk: 'PEOPLE',
    sk: id,
    id,
    email,
    name: opts.name ?? 'Sam Staff',
    role: opts.role ?? 'owner',
    status: 'active',
    createdAt: now,
    createdBy: 'system',
    updatedAt: now,
    version: 1,
    sessions: {},
    ...(opts.passwordHash ? { passwordHash: opts.passwordHash } : {}),
    ...(opts.totpSecret ? { totp: { secret: opts.totpSecret, addedAt: now } } : {}),
  };
  await writeTogether([
    { Put: { TableName: tableName('staff'), Item: person } },
    { Put: { TableName: tableName('staff'), Item: { pk: 'EMAIL', sk: email, personId: id } } },
  ]);
  const change = new PersonChange(id);
  const session = openSession(person, change, 'vitest');
  await writeTogether([change.item, ...session.items]);
  const signedIn = { ...person, version: 2, sessions: { [session.sessionId]: session.record } };
  return { person: signedIn, token: session.token, sessionId: session.sessionId, headers: { 'staff-token': session.token } };
}

/** The staff-token header of a signed-in owner (`role: 'processor'` for a person of the staff role). */
export async function staffHeaders(opts: { role?: StaffRole } = {}): Promise<Record<string, string>> {
  return (await signedInPerson(opts)).headers;
}
