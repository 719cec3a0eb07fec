import { assigneePartition, kindsFor, SEARCH_MATCHES_PER_KIND, type Searchable, type SearchKind, searchEntries, searchQueryOf } from '#shared/staff/search.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { QueryCommand, type TransactItem } from '../lib/clients/dynamodb-sdk.ts';

/**
 * The search index table (docs/decisions/0290-search-index-items.md): one item per searchable
 * value of an order (shared/staff/search.ts `searchEntries`), written in the same transaction as
 * the order change that sets or changes the value, so search is as current as the order. Orders
 * are indexed once they are submitted or paid (drafts are not searched). An unpaid order's items
 * expire (`expiresAt`) with a margin over the order's own expiry; the payment writes them again
 * without one.
 */
const table = () => tableName('searchIndex');

export interface IndexedOrder extends Searchable {
  status?: string;
  paymentStatus?: string;
}

/** Whether an order's values are searched: once it is more than a draft. */
const indexed = (app: IndexedOrder | undefined): app is IndexedOrder =>
  Boolean(app && ((app.status && app.status !== 'draft') || app.paymentStatus === 'paid' || app.paymentStatus === 'needs_review'));

/**
 * What an order's change does to its index items: deletes the entries it no longer has, puts the
 * new ones (all of them with `rewrite`, to set or drop the expiry). `expiresAt` (epoch seconds)
 * for an unpaid order's items; none for a paid order's.
 */
export function searchIndexChanges(
  before: IndexedOrder | undefined,
  after: IndexedOrder | undefined,
  opts: { expiresAt?: number; rewrite?: boolean } = {},
): TransactItem[] {
  const old = indexed(before) ? searchEntries(before) : [];
  const now = indexed(after) ? searchEntries(after) : [];
  return indexEntryChanges(
    old,
    now,
    { applicationId: (after as IndexedOrder | undefined)?.id, ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}) },
    opts.rewrite,
  );
}

/**
 * The writes that take an item's index entries from `old` to `now`: deletes the entries it no
 * longer has, puts the new ones (all of them with `rewrite`), each carrying `attributes` (the id
 * of the order or ticket it finds, an expiry).
 */
export function indexEntryChanges(
  old: readonly { pk: string; sk: string }[],
  now: readonly { pk: string; sk: string; kind: string }[],
  attributes: Record<string, unknown>,
  rewrite = false,
): TransactItem[] {
  const key = (e: { pk: string; sk: string }) => `${e.pk}\n${e.sk}`;
  const oldKeys = new Set(old.map(key));
  const newKeys = new Set(now.map(key));
  const deletes: TransactItem[] = old.filter((e) => !newKeys.has(key(e))).map((e) => ({ Delete: { TableName: table(), Key: { pk: e.pk, sk: e.sk } } }));
  const puts: TransactItem[] = now
    .filter((e) => rewrite || !oldKeys.has(key(e)))
    .map((e) => ({ Put: { TableName: table(), Item: { pk: e.pk, sk: e.sk, kind: e.kind, ...attributes } } }));
  return [...deletes, ...puts];
}

/**
 * One Query of an index partition for the values from `prefix` to `prefix~` (see matchingOrderIds),
 * answering the `idAttribute` of each item found, in the index's order.
 */
export async function idsInRange(pk: string, prefix: string, idAttribute: string, limit: number): Promise<string[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :prefix AND :end',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix, ':end': `${prefix}~` },
      ProjectionExpression: idAttribute,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => String(i[idAttribute]));
}

/** An unpaid order's index items outlive the order's own 30-day expiry by this much (the order's saves move its expiry; its items' only on index changes). */
export const UNPAID_INDEX_RETENTION_DAYS = 60;

/** The order ids whose `kind` value starts with `term`, in the index's order: one Query (none for a term too short). */
export async function matchingOrderIds(kind: SearchKind, term: string, limit = SEARCH_MATCHES_PER_KIND): Promise<string[]> {
  const q = searchQueryOf(kind, term);
  if (!q) return [];
  // The prefix as a range: every normalised value is ASCII below '~', so `prefix~` bounds the
  // values that start with it. (The same as begins_with on DynamoDB; DynamoDB Local reads a
  // begins_with by walking the whole partition, a range by seeking: 105 against 8 ms in a
  // 50,000-item partition here.)
  return idsInRange(q.pk, q.prefix, 'applicationId', limit);
}

/** The orders assigned to a person, a page at a time (by order id): one Query. */
export async function assignedOrderIds(personId: string, limit: number, after?: string): Promise<{ ids: string[]; next?: string }> {
  const pk = assigneePartition(personId);
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'applicationId, sk',
      Limit: limit,
      ExclusiveStartKey: after ? { pk, sk: after } : undefined,
    }),
  );
  return { ids: (out.Items ?? []).map((i) => String(i.applicationId)), next: out.LastEvaluatedKey ? String(out.LastEvaluatedKey.sk) : undefined };
}

/** The ids of the orders a search term finds (every kind it can be, in parallel), each once. */
export async function orderIdsMatching(term: string): Promise<string[]> {
  const found = await Promise.all(kindsFor(term).map((kind) => matchingOrderIds(kind, term)));
  return [...new Set(found.flat())];
}
