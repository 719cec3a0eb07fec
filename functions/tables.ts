import { TABLE_KEYS, type TableKey } from '#shared/api/resources.ts';

/**
 * Every DynamoDB table of the product: the single definition used by the CDK data stack,
 * the local runtime and the test setup. Attribute types: S (string) or N (number). The table
 * names (TableKey) are listed in shared/api/resources.ts, where the API contract reads them:
 * TABLES has one definition for each, no more and no fewer.
 */
export interface KeyDef {
  name: string;
  type: 'S' | 'N';
}
interface IndexDef {
  indexName: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  /** ALL unless listed attributes are enough. */
  projection?: 'ALL' | 'KEYS_ONLY';
}
export interface TableDef {
  /** Environment variable that carries the deployed table name. */
  envVar: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  indexes?: IndexDef[];
  /** Attribute holding an epoch-seconds expiry; DynamoDB deletes the item after it. */
  ttlAttribute?: string;
  /** A change stream (DynamoDB Streams) that a function consumes: new images only. */
  stream?: 'NEW_IMAGE';
}

export const TABLES = {
  /** LLC applications (wizard data + staff and payment fields). */
  /**
   * An unpaid application (draft or submitted) carries `expiresAt`, 30 days after its last change,
   * and is then deleted by TTL; a payment removes it (docs/product.md section 11).
   */
  applications: {
    envVar: 'APPLICATIONS_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    ttlAttribute: 'expiresAt',
    indexes: [
      // Staff list: newest first within a status (drafts are their own partition).
      { indexName: 'byStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      // Staff list across statuses: every non-draft application carries listPartition = 'ALL'.
      { indexName: 'byList', partitionKey: { name: 'listPartition', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      // Name availability: normalised business name -> applications using it (all attributes
      // projected so the check can leave drafts out without a read per match).
      { indexName: 'byNameKey', partitionKey: { name: 'nameKey', type: 'S' } },
      // Find my order: the normalised email (shared/orders/email-key.ts) -> the applications placed
      // with it, written by the wizard's saves. Keys only: the lookup reads each match by id.
      { indexName: 'byEmailKey', partitionKey: { name: 'emailKey', type: 'S' }, projection: 'KEYS_ONLY' },
      // The staff work queue: sparse, only orders that need a person (or are unpaid) carry
      // `queue` (the stage), oldest first by `queueSince` (shared/staff/work-queue.ts).
      { indexName: 'byQueue', partitionKey: { name: 'queue', type: 'S' }, sortKey: { name: 'queueSince', type: 'S' } },
      // The mail room's list across orders: sparse, only orders with mail not handled carry
      // `mailOpen` = 'OPEN', soonest clock first by `mailDueAt` (docs/decisions/0428).
      { indexName: 'byMail', partitionKey: { name: 'mailOpen', type: 'S' }, sortKey: { name: 'mailDueAt', type: 'S' } },
    ],
  },
  /** Wizard leads keyed by the browser's userId (stage1/stage2 webhooks); removed 30 days after their last write. */
  leads: { envVar: 'LEADS_TABLE', partitionKey: { name: 'userId', type: 'S' }, ttlAttribute: 'ttl' },
  /**
   * Activity feed: pk = 'FEED#<category>', sk = '<createdAt>#<id>', newest read with ScanIndexForward
   * false. A feed entry carries `ttl`, ACTIVITY_RETENTION_DAYS after it was written (shared/retention.ts).
   */
  activity: {
    envVar: 'ACTIVITY_TABLE',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'ttl',
  },
  /** Atomic counters (per-status application counts, open tickets) so stats never scan. */
  counters: { envVar: 'COUNTERS_TABLE', partitionKey: { name: 'id', type: 'S' } },
  /** Staff sessions keyed by SHA-256 of the token. */
  sessions: { envVar: 'SESSIONS_TABLE', partitionKey: { name: 'tokenHash', type: 'S' }, ttlAttribute: 'ttl' },
  /** Fixed-window rate limits (login attempts, ticket creation). */
  rateLimits: { envVar: 'RATE_LIMITS_TABLE', partitionKey: { name: 'key', type: 'S' }, ttlAttribute: 'ttl' },
  /**
   * Support tickets; listed newest first through byFeed (feed = 'TICKETS'), or by status (open or
   * closed) through byStatus. A ticket about an order carries its `applicationId` (sparse index
   * byApplication: the order's conversation, docs/product.md section 10). The order page's own
   * conversation is the ticket `order-<application id>`. A ticket not about an order carries `ttl`,
   * TICKET_RETENTION_YEARS after its last message (shared/retention.ts).
   */
  tickets: {
    envVar: 'TICKETS_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    ttlAttribute: 'ttl',
    indexes: [
      { indexName: 'byFeed', partitionKey: { name: 'feed', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      { indexName: 'byStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      { indexName: 'byApplication', partitionKey: { name: 'applicationId', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
    ],
  },
  /** Site content items; listed through byFeed (feed = 'CONTENT'). */
  content: {
    envVar: 'CONTENT_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    // Publishing a text re-renders the pages that show it (site/publisher/handler.ts).
    stream: 'NEW_IMAGE',
    indexes: [{ indexName: 'byFeed', partitionKey: { name: 'feed', type: 'S' }, sortKey: { name: 'pageSection', type: 'S' } }],
  },
  /** Payment provider event ids already processed (webhook replay protection). */
  paymentEvents: { envVar: 'PAYMENT_EVENTS_TABLE', partitionKey: { name: 'eventId', type: 'S' }, ttlAttribute: 'ttl' },
  /**
   * Transactional outbox: an email to send, written in the same transaction as the change that
   * causes it. Its stream feeds the sender; `queue` = 'DUE' (sparse index byQueue, sorted by
   * dueAt) while the message still has to go out, so finding retries is one Query on it.
   */
  outbox: {
    envVar: 'OUTBOX_TABLE',
    partitionKey: { name: 'messageId', type: 'S' },
    indexes: [
      { indexName: 'byQueue', partitionKey: { name: 'queue', type: 'S' }, sortKey: { name: 'dueAt', type: 'S' } },
      // Messages that could not be delivered, for staff (sparse: only parked, suppressed and bounced ones carry it).
      { indexName: 'byParked', partitionKey: { name: 'parked', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      // An order's email history, newest first (sparse: only messages about an order carry applicationId).
      { indexName: 'byApplication', partitionKey: { name: 'applicationId', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
    ],
    ttlAttribute: 'ttl',
    stream: 'NEW_IMAGE',
  },
  /** Addresses that bounced or complained: never mailed again. */
  emailSuppressions: { envVar: 'EMAIL_SUPPRESSIONS_TABLE', partitionKey: { name: 'email', type: 'S' } },
  /**
   * Staff accounts (functions/data/staff-accounts.ts): `PERSON#<id>` (the person, their password
   * hash, second factors and live sessions), `EMAIL#<address>` (one person per address), the
   * owner's bootstrap marker, and short-lived sign-in steps `STEP#<hash>` (removed by TTL).
   */
  staff: { envVar: 'STAFF_TABLE', partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' }, ttlAttribute: 'ttl' },
  /**
   * The audit trail (functions/data/audit.ts): append-only, every function may only put into it
   * (grant `append`). pk = 'AUDIT', sk = '<at>#<id>'; sparse indexes by person, order and action,
   * each newest first. Entries expire after AUDIT_RETENTION_YEARS (shared/retention.ts).
   */
  audit: {
    envVar: 'AUDIT_TABLE',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    indexes: [
      { indexName: 'byActor', partitionKey: { name: 'actorId', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
      { indexName: 'byApplication', partitionKey: { name: 'applicationId', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
      { indexName: 'byAction', partitionKey: { name: 'action', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
    ],
    ttlAttribute: 'ttl',
  },
  /**
   * Staff search (functions/data/search-index.ts, docs/decisions/0290-search-index-items.md): one
   * item per searchable value of an order, pk `<kind>#<first character>`, sk `<value>#<order id>`
   * (a prefix is one Query with begins_with), and `assignee#<person id>` / order id for the
   * assignee filter. Written in the order's own transactions; an unpaid order's items expire.
   */
  searchIndex: {
    envVar: 'SEARCH_INDEX_TABLE',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expiresAt',
  },
  /** The operator's settings (shared/operator/settings.schema.ts): one item, id 'OPERATOR', with a version. */
  operatorSettings: {
    envVar: 'OPERATOR_SETTINGS_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    // Saving the settings re-renders the pages that name the operator (site/publisher/handler.ts).
    stream: 'NEW_IMAGE',
  },
  /**
   * Reminder emails of the compliance calendar (functions/data/reminders.ts): one row per order and
   * deadline run (pk applicationId, sk series), holding its next reminder. `queue` = 'DUE' (sparse
   * index bySendOn, sorted by the YYYY-MM-DD send day) while one is left, so the daily sweep is one
   * Query for the days up to today: the table is never read whole.
   */
  reminders: {
    envVar: 'REMINDERS_TABLE',
    partitionKey: { name: 'applicationId', type: 'S' },
    sortKey: { name: 'series', type: 'S' },
    indexes: [{ indexName: 'bySendOn', partitionKey: { name: 'queue', type: 'S' }, sortKey: { name: 'sendOn', type: 'S' } }],
  },
} as const satisfies Record<TableKey, TableDef>;

export { TABLE_KEYS, type TableKey };

/** Local and test table names: `<prefix>-<key>`. */
export function localTableName(prefix: string, key: TableKey): string {
  return `${prefix}-${key}`;
}
