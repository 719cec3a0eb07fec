/**
 * Staff search (docs/product.md section 9, "Search and filters"): one box over an order's number
 * or id, the customer's name and email, the business name and the state's file number, by prefix
 * and whatever the case. Each searchable value of an order is an item of the search index table
 * (functions/data/search-index.ts), keyed so that a prefix is one Query of one partition:
 * partition `<kind>#<first character>`, sort key `<value>#<order id>`, read as the range from
 * the prefix to the prefix followed by '~' (every normalised character sorts below it).
 */

/** What the box searches, in the order results are shown. */
export const SEARCH_KINDS = ['order', 'email', 'name', 'business', 'file'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The shortest term searched (after normalising); one character would list too much to be useful. */
export const SEARCH_MIN_LENGTH = 2;
/** Matches read per kind: the rows a search answers are at most this many a kind. */
export const SEARCH_MATCHES_PER_KIND = 25;

/** Lower case, accents removed, anything but letters, digits and @ . _ + - a single space. */
export function searchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]+/g, ' ')
    .trim();
}

/** A file number or order id as typed in any form: letters and digits only ("L26-000 123" is "l26000123"). */
export const compactText = (value: string) => searchText(value).replace(/[^a-z0-9]/g, '');

/** How each kind normalises what is stored and what is typed, so the two compare. */
export const SEARCH_NORMALISE: Record<SearchKind, (value: string) => string> = {
  order: compactText,
  email: (v) => searchText(v).replace(/\s+/g, ''),
  name: searchText,
  business: searchText,
  file: compactText,
};

/** One searchable value of an order: the index item's keys. */
export interface SearchEntry {
  kind: SearchKind | 'assignee';
  pk: string;
  sk: string;
}

export const searchPartition = (kind: SearchKind, normalised: string) => `${kind}#${normalised.slice(0, 1)}`;

/** The order's fields search reads. */
export interface Searchable {
  id: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  fileNumber?: string;
  assignee?: { id: string };
}

/**
 * Every index entry of an order: its id, email, full name and last name, business name, file
 * number, and its assignee (the "assigned to" filter: partition `assignee#<person id>`).
 */
export function searchEntries(app: Searchable): SearchEntry[] {
  const values: [SearchKind, string | undefined][] = [
    ['order', app.id],
    ['email', app.email],
    ['name', [app.firstName, app.lastName].filter(Boolean).join(' ')],
    ['name', app.lastName],
    ['business', app.businessName],
    ['file', app.fileNumber],
  ];
  const entries = new Map<string, SearchEntry>();
  for (const [kind, raw] of values) {
    const value = raw ? SEARCH_NORMALISE[kind](raw) : '';
    if (!value) continue;
    const entry = { kind, pk: searchPartition(kind, value), sk: `${value}#${app.id}` };
    entries.set(`${entry.pk} ${entry.sk}`, entry);
  }
  if (app.assignee?.id) entries.set(`assignee ${app.assignee.id}`, { kind: 'assignee', pk: assigneePartition(app.assignee.id), sk: app.id });
  return [...entries.values()];
}

export const assigneePartition = (personId: string) => `assignee#${personId}`;

/** The Query of one kind for a typed term: its partition and sort-key prefix (undefined: too short to search). */
export function searchQueryOf(kind: SearchKind, term: string): { pk: string; prefix: string } | undefined {
  const value = SEARCH_NORMALISE[kind](term);
  if (value.length < SEARCH_MIN_LENGTH) return undefined;
  return { pk: searchPartition(kind, value), prefix: value };
}

/** The kinds worth asking for a term: an address is only an email; a term without letters or digits, nothing. */
export function kindsFor(term: string): SearchKind[] {
  if (term.includes('@')) return ['email'];
  return SEARCH_KINDS.filter((k) => searchQueryOf(k, term));
}

/**
 * Ticket search (the tickets tab's box): the same prefix search, any case, over a ticket's
 * reference (the order number or id it is about, or the ticket's own id), the customer's email and
 * name, and the subject. A ticket's values are items of the same index table in partitions of
 * their own (`ticket-<kind>#<first character>`, sort key `<value>#<ticket id>`), written in the
 * ticket's own transactions (functions/data/ticket-search.ts).
 */
export const TICKET_SEARCH_KINDS = ['reference', 'email', 'name', 'subject'] as const;
export type TicketSearchKind = (typeof TICKET_SEARCH_KINDS)[number];

export const TICKET_SEARCH_NORMALISE: Record<TicketSearchKind, (value: string) => string> = {
  reference: compactText,
  email: SEARCH_NORMALISE.email,
  name: searchText,
  subject: searchText,
};

/** The ticket's fields search reads. */
export interface TicketSearchable {
  id: string;
  customerEmail?: string;
  customerName?: string;
  subject?: string;
  applicationId?: string;
}

export interface TicketSearchEntry {
  kind: TicketSearchKind;
  pk: string;
  sk: string;
}

export const ticketSearchPartition = (kind: TicketSearchKind, normalised: string) => `ticket-${kind}#${normalised.slice(0, 1)}`;

/** An order's conversation ticket is `order-<order id>`: its reference is the order's. */
const ticketReference = (id: string) => id.replace(/^order-/, '');

/** Every index entry of a ticket: its reference and its order's, the customer's email, full and last name, and the subject. */
export function ticketSearchEntries(ticket: TicketSearchable): TicketSearchEntry[] {
  const name = ticket.customerName?.trim() ?? '';
  const values: [TicketSearchKind, string | undefined][] = [
    ['reference', ticketReference(ticket.id)],
    ['reference', ticket.applicationId],
    ['email', ticket.customerEmail],
    ['name', name],
    ['name', name.split(/\s+/).at(-1)],
    ['subject', ticket.subject],
  ];
  const entries = new Map<string, TicketSearchEntry>();
  for (const [kind, raw] of values) {
    const value = raw ? TICKET_SEARCH_NORMALISE[kind](raw) : '';
    if (!value) continue;
    const entry = { kind, pk: ticketSearchPartition(kind, value), sk: `${value}#${ticket.id}` };
    entries.set(`${entry.pk} ${entry.sk}`, entry);
  }
  return [...entries.values()];
}

/** The Query of one ticket kind for a typed term (undefined: too short to search). */
export function ticketSearchQueryOf(kind: TicketSearchKind, term: string): { pk: string; prefix: string } | undefined {
  const value = TICKET_SEARCH_NORMALISE[kind](term);
  if (value.length < SEARCH_MIN_LENGTH) return undefined;
  return { pk: ticketSearchPartition(kind, value), prefix: value };
}

/** The ticket kinds worth asking for a term: an address is only an email. */
export function ticketKindsFor(term: string): TicketSearchKind[] {
  if (term.includes('@')) return ['email'];
  return TICKET_SEARCH_KINDS.filter((k) => ticketSearchQueryOf(k, term));
}
