import { type AddOnKey, AFTER_PAYMENT_KEYS, boughtFlags } from '#shared/catalog/catalog.ts';
import type { ApplicationListQuery } from '#shared/staff/applications.schema.ts';
import { STAFF_APPLICATIONS_PAGE_SIZE } from '#shared/staff/list-page.ts';
import { kindsFor, SEARCH_NORMALISE, type SearchKind, searchEntries } from '#shared/staff/search.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { BatchGetCommand, QueryCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { decodeCursor, encodeCursor, invalidCursor } from '../cursor.ts';
import { assignedOrderIds, matchingOrderIds } from '../search-index.ts';
import { APPLICATION_INDEXES, type ApplicationItem, LIST_PARTITION, table } from './item.ts';
import { listApplicationsForStaff, type StaffApplicationView, toStaffApplication } from './staff.ts';

/**
 * The staff list with search and filters (docs/product.md section 9, "Search and filters"), on
 * DynamoDB access patterns only, a fixed number of requests whatever the table holds:
 * - a search term: one Query of the search index per kind it can be (shared/staff/search.ts), in
 *   parallel, then one BatchGetItem of the orders found; the other filters apply to those;
 * - "assigned to": one Query of that person's index partition and one BatchGetItem a page;
 * - payment, state, add-on (with or without a status): one Query of the list (or status) index a
 *   page, filtered as it is read: a page reads FILTERED_READ orders and shows those that match,
 *   so it may show fewer than 25, and "Load more" continues. An add-on matches as bought (at
 *   checkout, or after payment by a paid purchase).
 */

/** Orders a filtered page reads (one Query: well under DynamoDB's 1 MB a response). */
export const FILTERED_READ = 200;
/** Orders a search answers at most (one BatchGetItem takes 100 keys). */
export const SEARCH_RESULTS_MAX = 100;

type Page = { items: StaffApplicationView[]; nextCursor: string | null };

export async function findApplicationsForStaff(query: ApplicationListQuery): Promise<Page> {
  if (query.q) return searchApplications(query.q, query);
  if (query.assignee) return assignedApplications(query.assignee, query);
  if (query.paymentStatus || query.state || query.addOn) return filteredList(query);
  return listApplicationsForStaff(query);
}

/** The orders of `ids` in that order, with one BatchGetItem (ids of orders deleted since are left out). */
export async function readApplications(ids: string[]): Promise<ApplicationItem[]> {
  if (!ids.length) return [];
  const found = new Map<string, ApplicationItem>();
  let keys: Record<string, unknown>[] = ids.map((id) => ({ id }));
  // Unprocessed keys (throttling) are asked again; each round is one request.
  for (let round = 0; keys.length && round < 5; round++) {
    const out = await ddb().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys } } }));
    for (const item of (out.Responses?.[table()] ?? []) as ApplicationItem[]) found.set(item.id, item);
    keys = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The filters other than the search term, on an order as read. */
function matchesFilters(app: ApplicationItem, query: ApplicationListQuery): boolean {
  if (query.status && (app.status ?? 'submitted') !== query.status) return false;
  if (!query.status && query.includeDrafts !== 'true' && app.status === 'draft') return false;
  if (query.paymentStatus && (app.paymentStatus ?? 'unpaid') !== query.paymentStatus) return false;
  if (query.state && app.state !== query.state) return false;
  if (query.addOn && !bought(app, query.addOn)) return false;
  if (query.assignee && app.assignee?.id !== query.assignee) return false;
  return true;
}

/** Whether the order bought the add-on: at checkout, or after payment by a paid purchase (docs/decisions/0424). */
const bought = (app: ApplicationItem, addOn: AddOnKey) => boughtFlags(app)[addOn];

const newestFirst = (a: ApplicationItem, b: ApplicationItem) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') * -1;

/** Still matches: the order as read has a value of a searched kind that starts with the term (an entry behind a later change is not shown). */
function stillMatches(app: ApplicationItem, term: string, kinds: SearchKind[]): boolean {
  return searchEntries(app).some((e) => kinds.includes(e.kind as SearchKind) && e.sk.startsWith(SEARCH_NORMALISE[e.kind as SearchKind](term)));
}

export async function searchApplications(term: string, query: ApplicationListQuery): Promise<Page> {
  return { items: (await searchItems(term, query)).map(toStaffApplication), nextCursor: null };
}

/** The orders a search term finds that pass the other filters, newest first. */
async function searchItems(term: string, query: ApplicationListQuery): Promise<ApplicationItem[]> {
  const kinds = kindsFor(term);
  const found = await Promise.all(kinds.map((kind) => matchingOrderIds(kind, term)));
  const ids = [...new Set(found.flat())].slice(0, SEARCH_RESULTS_MAX);
  const items = (await readApplications(ids)).filter((app) => stillMatches(app, term, kinds) && matchesFilters(app, query));
  return items.sort(newestFirst);
}

const ASSIGNEE_CURSOR = ['sk'] as const;

async function assignedApplications(personId: string, query: ApplicationListQuery): Promise<Page> {
  const after = query.cursor ? decodeCursor(query.cursor, ASSIGNEE_CURSOR).sk : undefined;
  const page = await assignedOrderIds(personId, STAFF_APPLICATIONS_PAGE_SIZE, after);
  const items = (await readApplications(page.ids)).filter((app) => matchesFilters(app, query));
  return { items: items.sort(newestFirst).map(toStaffApplication), nextCursor: page.next ? encodeCursor({ sk: page.next }, ASSIGNEE_CURSOR) : null };
}

async function filteredList(query: ApplicationListQuery): Promise<Page> {
  const page = await listPage(query, FILTERED_READ, query.cursor);
  return { items: page.items.map(toStaffApplication), nextCursor: page.nextCursor };
}

/**
 * One Query of the list (byList, or byStatus with a status), newest first, reading `limit`
 * orders and keeping those the payment, state and add-on filters match.
 */
export async function listPage(query: ApplicationListQuery, limit: number, cursor?: string): Promise<{ items: ApplicationItem[]; nextCursor: string | null }> {
  const byStatus = Boolean(query.status);
  const partition = byStatus ? { attr: 'status', value: query.status as string } : { attr: 'listPartition', value: LIST_PARTITION };
  const cursorKeys = ['id', partition.attr, 'createdAt'];
  const after = cursor ? decodeCursor(cursor, cursorKeys) : undefined;
  if (after && after[partition.attr] !== partition.value) throw invalidCursor();
  const names: Record<string, string> = { '#pk': partition.attr };
  const values: Record<string, unknown> = { ':pk': partition.value };
  const filters: string[] = [];
  if (query.paymentStatus) {
    names['#paymentStatus'] = 'paymentStatus';
    values[':paymentStatus'] = query.paymentStatus;
    filters.push(
      query.paymentStatus === 'unpaid' ? '(#paymentStatus = :paymentStatus OR attribute_not_exists(#paymentStatus))' : '#paymentStatus = :paymentStatus',
    );
  }
  if (query.state) {
    names['#state'] = 'state';
    values[':state'] = query.state;
    filters.push('#state = :state');
  }
  if (query.addOn) {
    names['#addOn'] = query.addOn;
    values[':yes'] = true;
    // An add-on sold after payment may be on the order's purchases instead: those orders are read too, and kept when paid.
    if ((AFTER_PAYMENT_KEYS as readonly string[]).includes(query.addOn)) {
      names['#purchases'] = 'purchases';
      filters.push('(#addOn = :yes OR attribute_exists(#purchases))');
    } else filters.push('#addOn = :yes');
  }
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: byStatus ? APPLICATION_INDEXES.byStatus : APPLICATION_INDEXES.byList,
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: filters.length ? filters.join(' AND ') : undefined,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: after,
    }),
  );
  const items = (out.Items ?? []) as ApplicationItem[];
  const addOn = query.addOn;
  return {
    items: addOn ? items.filter((app) => bought(app, addOn)) : items,
    nextCursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey, cursorKeys) : null,
  };
}

/** Orders an export reads a Query (a page of the list is well under DynamoDB's 1 MB a response at this size). */
const EXPORT_READ = 500;

/**
 * Every order the list's search and filters select, a batch at a time (the CSV export): the
 * search's matches, the assignee's orders page by page, or the list's Query page by page.
 */
export async function* ordersSelectedBy(query: ApplicationListQuery): AsyncGenerator<ApplicationItem[]> {
  if (query.q) {
    yield await searchItems(query.q, query);
    return;
  }
  if (query.assignee) {
    let after: string | undefined;
    do {
      const page = await assignedOrderIds(query.assignee, SEARCH_RESULTS_MAX, after);
      yield (await readApplications(page.ids)).filter((app) => matchesFilters(app, query));
      after = page.next;
    } while (after);
    return;
  }
  let cursor: string | undefined;
  do {
    const page = await listPage(query, EXPORT_READ, cursor);
    yield page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
