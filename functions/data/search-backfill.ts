import { expiryAfterDays } from '#shared/retention.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type TransactItem,
  TransactionCanceledException,
  TransactWriteCommand,
} from '../lib/clients/dynamodb-sdk.ts';
import type { ApplicationItem } from './applications/item.ts';
import { placedOrderPages, rereadOrder, unchangedSinceRead } from './applications/search-backfill.ts';
import { searchIndexChanges, UNPAID_INDEX_RETENTION_DAYS } from './search-index.ts';
import { ticketSearchIndexChanges } from './ticket-search.ts';

/**
 * The search index backfill (`npm run search:backfill`, docs/decisions/0376): orders and tickets
 * written before their search index items existed get them, from the same code the product's own
 * writes use (`searchIndexChanges`, `ticketSearchIndexChanges`). It pages through the orders'
 * byList index and the tickets' byFeed index (Queries only), reads which of each page's
 * index items exist (BatchGetItem), and writes the missing ones of each order or ticket in one
 * transaction that also checks the record is as read (the order's version; the ticket's order),
 * each put conditional on the item not existing. So a re-run writes nothing, two runs at once
 * never write an item twice (the loser's transaction is cancelled, it reads again and finds the
 * items there), and an order changed meanwhile is read again rather than indexed as it was.
 */

/** Records read a page (each one Query; well under DynamoDB's 1 MB a response). */
export const BACKFILL_PAGE = 100;
/** Times one record is read again after its transaction was cancelled (a change or another run meanwhile). */
const RETRIES = 5;

export interface BackfillCounts {
  ordersRead: number;
  ticketsRead: number;
  /** Orders and tickets that lacked at least one index item and got them. */
  recordsIndexed: number;
  itemsWritten: number;
}

type Put = { TableName: string; Item: Record<string, unknown> };
type Key = { pk: string; sk: string };
const keyText = (k: Key) => `${k.pk}\n${k.sk}`;
const searchTable = () => tableName('searchIndex');

/** The index puts a record should have (the product's own index code), as plain puts. */
const putsOf = (changes: TransactItem[]): Put[] => changes.flatMap((c) => (c.Put ? [c.Put as Put] : []));

/** Which of `keys` exist in the index: BatchGetItem, 100 keys a request. */
async function existingKeys(keys: Key[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 100) {
    let ask: Record<string, unknown>[] = keys.slice(i, i + 100).map(({ pk, sk }) => ({ pk, sk }));
    for (let round = 0; ask.length && round < 5; round++) {
      const out = await ddb().send(new BatchGetCommand({ RequestItems: { [searchTable()]: { Keys: ask, ProjectionExpression: 'pk, sk' } } }));
      for (const item of out.Responses?.[searchTable()] ?? []) found.add(keyText(item as Key));
      ask = (out.UnprocessedKeys?.[searchTable()]?.Keys ?? []) as Record<string, unknown>[];
    }
    if (ask.length) throw new Error('The search index did not answer every key after 5 tries; run the backfill again');
  }
  return found;
}

/** One record of a page: its index puts and the check that it is still as read. */
interface Pending<T> {
  record: T;
  puts: Put[];
  check: TransactItem;
}

/**
 * Writes the missing items of each record of a page. A cancelled transaction (the record changed,
 * or another run wrote an item first) reads the record again with `reread` and tries once more.
 */
async function indexPage<T>(
  records: T[],
  plan: (record: T) => Pending<T>,
  reread: (record: T) => Promise<T | undefined>,
  counts: BackfillCounts,
): Promise<void> {
  let pending = records.map(plan);
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt > RETRIES) throw new Error(`${pending.length} record(s) kept changing while being indexed; run the backfill again`);
    const existing = await existingKeys(pending.flatMap((p) => p.puts.map((put) => put.Item as Key)));
    const again: T[] = [];
    for (const p of pending) {
      const missing = p.puts.filter((put) => !existing.has(keyText(put.Item as Key)));
      if (!missing.length) continue;
      try {
        await ddb().send(
          new TransactWriteCommand({
            TransactItems: [p.check, ...missing.map((put) => ({ Put: { ...put, ConditionExpression: 'attribute_not_exists(pk)' } }))],
          }),
        );
        counts.recordsIndexed++;
        counts.itemsWritten += missing.length;
      } catch (err) {
        if (!(err instanceof TransactionCanceledException)) throw err;
        again.push(p.record);
      }
    }
    const fresh = await Promise.all(again.map(reread));
    pending = fresh.flatMap((r) => (r ? [plan(r)] : []));
  }
}

function planOrder(app: ApplicationItem): Pending<ApplicationItem> {
  const expiry = app.paymentStatus === 'paid' ? {} : { expiresAt: expiryAfterDays(UNPAID_INDEX_RETENTION_DAYS) };
  return { record: app, puts: putsOf(searchIndexChanges(undefined, app, expiry)), check: unchangedSinceRead(app) };
}

interface TicketRecord {
  id: string;
  customerEmail?: string;
  customerName?: string;
  subject?: string;
  applicationId?: string;
  /** The ticket's expiry, which its index items share. */
  ttl?: number;
}

function planTicket(ticket: TicketRecord): Pending<TicketRecord> {
  return {
    record: ticket,
    puts: putsOf(ticketSearchIndexChanges(undefined, ticket)),
    check: {
      ConditionCheck: {
        TableName: tableName('tickets'),
        Key: { id: ticket.id },
        // The one indexed value a ticket's writes change: the order it is tied to.
        ConditionExpression: ticket.applicationId ? 'applicationId = :app' : 'attribute_exists(id) AND attribute_not_exists(applicationId)',
        ...(ticket.applicationId ? { ExpressionAttributeValues: { ':app': ticket.applicationId } } : {}),
      },
    },
  };
}

async function rereadTicket(ticket: TicketRecord): Promise<TicketRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('tickets'), Key: { id: ticket.id }, ConsistentRead: true }));
  return out.Item as TicketRecord | undefined;
}

/** Every ticket (the byFeed index), a page at a time. */
async function* ticketPages(): AsyncGenerator<TicketRecord[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName('tickets'),
        IndexName: 'byFeed',
        KeyConditionExpression: 'feed = :feed',
        ExpressionAttributeValues: { ':feed': 'TICKETS' },
        ProjectionExpression: 'id, customerEmail, customerName, subject, applicationId, #ttl',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        Limit: BACKFILL_PAGE,
        ExclusiveStartKey: start,
      }),
    );
    yield (out.Items ?? []) as TicketRecord[];
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Indexes every order and ticket that lacks index items; `onPage` hears the counts after each page. */
export async function backfillSearchIndex(onPage?: (counts: BackfillCounts) => void): Promise<BackfillCounts> {
  const counts: BackfillCounts = { ordersRead: 0, ticketsRead: 0, recordsIndexed: 0, itemsWritten: 0 };
  for await (const page of placedOrderPages(BACKFILL_PAGE)) {
    counts.ordersRead += page.length;
    await indexPage(page, planOrder, rereadOrder, counts);
    onPage?.({ ...counts });
  }
  for await (const page of ticketPages()) {
    counts.ticketsRead += page.length;
    await indexPage(page, planTicket, rereadTicket, counts);
    onPage?.({ ...counts });
  }
  return counts;
}
