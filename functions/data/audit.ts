import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '#shared/api/staff-responses.schema.ts';
import { AUDIT_RETENTION_YEARS } from '#shared/retention.ts';
import type { StaffPerson } from '#shared/staff/accounts.ts';
import { AUDIT_PAGE_SIZE, type AuditAction } from '#shared/staff/audit.ts';
import type { AuditQuery } from '#shared/staff/audit-query.schema.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { PutCommand, QueryCommand, type TransactItem } from '../lib/clients/dynamodb-sdk.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

/**
 * The audit trail (docs/product.md section 6, "Audit trail"): one entry per staff action and per
 * sign-in, with who, when, what, the order it concerns and the values before and after.
 *
 * Append-only. Every function is granted only `dynamodb:PutItem` on the table (route table grant
 * `append`, infra/stacks/api-stack.ts; checked by infra/audit-grants.test.ts), every key is new
 * (time + random id) and every put is conditional on the key not existing, so an entry is never
 * replaced. Entries expire by TTL after AUDIT_RETENTION_YEARS; DynamoDB removes them, no function.
 *
 * Where the action is a transaction, its entry is one more item of it (`auditPut`): the action
 * happened exactly when its entry exists. Other actions write theirs with `recordAudit`.
 */

/** Who acted: a signed-in person, the start-up (owner bootstrap), or the address a failed sign-in named. */
export interface AuditActor {
  id: string;
  email: string;
  role?: StaffPerson['role'];
}

export const SYSTEM_ACTOR: AuditActor = { id: 'system', email: 'system' };

/** A failed sign-in for an address no person has: recorded under that address (lower-cased). */
export const unknownActor = (email: string): AuditActor => ({ id: 'unknown', email: email.toLowerCase().slice(0, 254) });

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  /** The order the action concerns. */
  applicationId?: string;
  /** What the action was about, in words ("landing / hero.title", "sam@example.com", "ticket 1a2b3c4d"). */
  subject?: string;
  /** The values the action changed, before and after. Never a password, a token or a tax id. */
  before?: unknown;
  after?: unknown;
}

const PARTITION = 'AUDIT';
/** Long texts (content items) are kept whole up to this many characters. */
const MAX_TEXT = 20_000;

/** Plain JSON of a value, long strings cut, undefined fields left out (DynamoDB stores neither). */
function recorded(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (Array.isArray(value)) return value.map((v) => recorded(v) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const kept = recorded(v);
      if (kept !== undefined) out[k] = kept;
    }
    return out;
  }
  return value;
}

function auditItem(record: AuditRecord, now = new Date()) {
  const at = now.toISOString();
  const id = randomUUID();
  return {
    pk: PARTITION,
    sk: `${at}#${id}`,
    id,
    at,
    action: record.action,
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    ...(record.actor.role ? { actorRole: record.actor.role } : {}),
    ...(record.applicationId ? { applicationId: record.applicationId } : {}),
    ...(record.subject ? { subject: record.subject.slice(0, 300) } : {}),
    ...(record.before !== undefined ? { before: recorded(record.before) } : {}),
    ...(record.after !== undefined ? { after: recorded(record.after) } : {}),
    ttl: Math.floor(now.getTime() / 1000) + AUDIT_RETENTION_YEARS * 365 * 24 * 3600,
  };
}

/**
 * The audit entry of an action, as one more item of the action's TransactWriteItems: the entry
 * exists exactly when the action happened. (The route needs the grant `audit: 'append'`.)
 *
 *   await ddb().send(new TransactWriteCommand({ TransactItems: [change, auditPut({ actor, action: 'tax_id_revealed', applicationId })] }));
 */
export function auditPut(record: AuditRecord, now = new Date()): TransactItem {
  return { Put: { TableName: tableName('audit'), Item: auditItem(record, now), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** The audit entry of an action that is not a transaction (a sign-in attempt, an upload to S3), written on its own. */
export async function recordAudit(record: AuditRecord, now = new Date()): Promise<void> {
  const put = auditPut(record, now).Put!;
  await ddb().send(new PutCommand({ TableName: put.TableName, Item: put.Item, ConditionExpression: put.ConditionExpression }));
}

function toEntry(raw: Record<string, unknown>): AuditEntry {
  return {
    id: String(raw.id),
    at: String(raw.at),
    action: raw.action as AuditAction,
    actorId: String(raw.actorId),
    actorEmail: String(raw.actorEmail),
    ...(raw.actorRole ? { actorRole: raw.actorRole as StaffPerson['role'] | 'staff' } : {}),
    ...(raw.applicationId ? { applicationId: String(raw.applicationId) } : {}),
    ...(raw.subject ? { subject: String(raw.subject) } : {}),
    ...(raw.before !== undefined ? { before: raw.before } : {}),
    ...(raw.after !== undefined ? { after: raw.after } : {}),
  };
}

/** Reads at most this many index pages to fill one page when filters other than the index's leave few. */
const MAX_QUERIES_PER_PAGE = 8;

/**
 * A page of the trail, newest first, filtered by person, order and action in any combination:
 * one Query on the most selective index that applies (order, then person, then action, else the
 * whole trail), the other filters applied to what it reads.
 */
export async function listAudit(query: AuditQuery): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const index = query.applicationId
    ? { name: 'byApplication', attr: 'applicationId', value: query.applicationId }
    : query.personId
      ? { name: 'byActor', attr: 'actorId', value: query.personId }
      : query.action
        ? { name: 'byAction', attr: 'action', value: query.action }
        : { name: undefined, attr: 'pk', value: PARTITION };
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':key': index.value };
  const names: Record<string, string> = { '#key': index.attr };
  if (query.personId && index.attr !== 'actorId') {
    filters.push('#actorId = :actorId');
    names['#actorId'] = 'actorId';
    values[':actorId'] = query.personId;
  }
  if (query.action && index.attr !== 'action') {
    filters.push('#action = :action');
    names['#action'] = 'action';
    values[':action'] = query.action;
  }
  const cursorKeys = index.name ? ['pk', 'sk', index.attr] : ['pk', 'sk'];
  let start: Record<string, unknown> | undefined = query.cursor ? decodeCursor(query.cursor, cursorKeys) : undefined;
  const items: AuditEntry[] = [];
  for (let round = 0; round < MAX_QUERIES_PER_PAGE; round++) {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName('audit'),
        ...(index.name ? { IndexName: index.name } : {}),
        KeyConditionExpression: '#key = :key',
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: AUDIT_PAGE_SIZE - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []).map(toEntry));
    start = out.LastEvaluatedKey;
    if (!start || items.length >= AUDIT_PAGE_SIZE) break;
  }
  return { items, nextCursor: start ? encodeCursor(start, cursorKeys) : null };
}

/** Orders whose entries a search of the trail reads at most (one Query each, in parallel). */
export const AUDIT_SEARCH_ORDERS = 5;

/**
 * The entries of the orders a staff search found (the first AUDIT_SEARCH_ORDERS), with the other
 * filters, newest first, one page: one order's answer is that order's own page (it continues);
 * several orders' first pages are merged (no further page).
 */
export async function listAuditOfOrders(
  ids: string[],
  query: Omit<AuditQuery, 'order' | 'applicationId'>,
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  if (!ids.length) return { items: [], nextCursor: null };
  if (ids.length === 1) return listAudit({ ...query, applicationId: ids[0] });
  const pages = await Promise.all(ids.slice(0, AUDIT_SEARCH_ORDERS).map((applicationId) => listAudit({ ...query, applicationId, cursor: undefined })));
  const items = pages
    .flatMap((p) => p.items)
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, AUDIT_PAGE_SIZE);
  return { items, nextCursor: null };
}
