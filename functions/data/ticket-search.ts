import { SEARCH_MATCHES_PER_KIND, type TicketSearchable, ticketKindsFor, ticketSearchEntries, ticketSearchQueryOf } from '#shared/staff/search.ts';
import type { TransactItem } from '../lib/clients/dynamodb-sdk.ts';
import { idsInRange, indexEntryChanges } from './search-index.ts';

/**
 * Ticket search (shared/staff/search.ts `ticketSearchEntries`): a ticket's searchable values are
 * items of the search index table, in partitions of their own, written in the same transaction as
 * the ticket change that sets them (the contact form, an order's first message, tying a ticket to
 * an order), so the tickets tab's search is as current as the tickets. Each item expires with its
 * ticket: `expiresAt` is the ticket's `ttl` (none for a ticket kept with its order), written again
 * (`rewrite`) when a message moves the ticket's expiry (shared/retention.ts TICKET_RETENTION_YEARS).
 */

/** What a ticket's change does to its index items (before undefined: a new ticket); `rewrite` puts every item again. */
export function ticketSearchIndexChanges(before: TicketSearchable | undefined, after: TicketSearchable & { ttl?: number }, rewrite = false): TransactItem[] {
  return indexEntryChanges(
    before ? ticketSearchEntries(before) : [],
    ticketSearchEntries(after),
    { ticketId: after.id, ...(after.ttl ? { expiresAt: after.ttl } : {}) },
    rewrite,
  );
}

/** The ids of the tickets a term finds: one Query per kind it can be, in parallel, each id once. */
export async function ticketIdsMatching(term: string): Promise<string[]> {
  const found = await Promise.all(
    ticketKindsFor(term).map((kind) => {
      const q = ticketSearchQueryOf(kind, term);
      return q ? idsInRange(q.pk, q.prefix, 'ticketId', SEARCH_MATCHES_PER_KIND) : [];
    }),
  );
  return [...new Set(found.flat())];
}
