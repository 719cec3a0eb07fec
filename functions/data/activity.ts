import { randomUUID } from 'node:crypto';
import { ACTIVITY_RETENTION_DAYS, expiryAfterDays, MONEY_ACTIVITY_RETENTION_YEARS } from '#shared/retention.ts';
import { ACTIVITY_CATEGORIES, type ActivityCategory } from '#shared/staff/activity.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { PutCommand, QueryCommand, type TransactItem, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';

/**
 * The staff activity feed. Every entry has a category and lives in its category's partition
 * (pk = 'FEED#<category>', sk = '<createdAt>#<id>'), so each category is read newest first with
 * one Query, and a flood of anonymous entries (leads) can never push money or filing events out
 * of what staff see.
 */
interface ActivityEntry {
  id: string;
  action: string;
  category: ActivityCategory;
  description: string;
  createdAt: string;
  applicationId?: string;
}

/** The category of every action: an action without one does not compile. */
const CATEGORY_OF_ACTION = {
  payment_received: 'money',
  payment_needs_review: 'money',
  payment_mismatch: 'money',
  payment_duplicate: 'money',
  payment_refunded: 'money',
  payment_failed: 'money',
  payment_disputed: 'money',
  dispute_closed: 'money',
  application_submitted: 'filing',
  status_changed: 'filing',
  documents_generated: 'filing',
  documents_not_generated: 'filing',
  document_uploaded: 'filing',
  details_completed: 'filing',
  details_edited: 'filing',
  details_chased: 'filing',
  tax_id_revealed: 'filing',
  tax_id_deleted: 'filing',
  order_reopened: 'filing',
  ein_recorded: 'filing',
  mail_logged: 'filing',
  mail_handled: 'filing',
  election_sent: 'filing',
  election_letter_recorded: 'filing',
  home_state_fee_confirmed: 'money',
  renewal_cancelled: 'money',
  renewal_resumed: 'money',
  renewal_charged: 'money',
  renewal_charge_failed: 'money',
  renewal_lapsed: 'money',
  renewal_refunded: 'money',
  annual_report_agreed: 'money',
  annual_report_cancelled: 'money',
  annual_report_resumed: 'money',
  annual_report_charged: 'money',
  annual_report_charge_failed: 'money',
  annual_report_lapsed: 'money',
  annual_report_filed: 'filing',
  annual_report_refunded: 'money',
  order_change_requested: 'support',
  customer_answered: 'support',
  customer_email_change_requested: 'support',
  customer_email_corrected: 'support',
  customer_email_change_stopped: 'support',
  ticket_replied: 'support',
  lead_captured: 'lead',
  ticket_created: 'support',
  ticket_closed: 'support',
  ticket_reopened: 'support',
  content_created: 'content',
  content_updated: 'content',
  content_deleted: 'content',
} as const satisfies Record<string, ActivityCategory>;

export type ActivityAction = keyof typeof CATEGORY_OF_ACTION;

export function activityCategory(action: ActivityAction): ActivityCategory {
  return CATEGORY_OF_ACTION[action];
}

const partition = (category: ActivityCategory) => `FEED#${category}`;

/**
 * A feed entry, deleted by TTL (`ttl`, epoch seconds) ACTIVITY_RETENTION_DAYS after it was written;
 * a money entry (what the payments export reads) MONEY_ACTIVITY_RETENTION_YEARS after.
 */
function activityItem(action: ActivityAction, description: string, applicationId?: string) {
  const written = new Date();
  const createdAt = written.toISOString();
  const id = randomUUID();
  const category = activityCategory(action);
  const ttl = expiryAfterDays(category === 'money' ? MONEY_ACTIVITY_RETENTION_YEARS * 365 : ACTIVITY_RETENTION_DAYS, written.getTime());
  return { pk: partition(category), sk: `${createdAt}#${id}`, id, action, category, description, createdAt, applicationId, ttl };
}

/** A Put for use inside a TransactWriteItems with the change it describes. */
export function activityPut(action: ActivityAction, description: string, applicationId?: string): TransactItem {
  return { Put: { TableName: tableName('activity'), Item: activityItem(action, description, applicationId) } };
}

export async function recordActivity(action: ActivityAction, description: string, applicationId?: string): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName('activity'), Item: activityItem(action, description, applicationId) }));
}

/** The newest `limit` entries of the given categories, newest first: one Query per category, merged. */
export async function listActivity(categories: readonly ActivityCategory[], limit: number): Promise<ActivityEntry[]> {
  const pages = await Promise.all(
    categories.map((category) =>
      ddb().send(
        new QueryCommand({
          TableName: tableName('activity'),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': partition(category) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      ),
    ),
  );
  return pages
    .flatMap((page) => page.Items ?? [])
    .sort((a, b) => (a.sk < b.sk ? 1 : a.sk > b.sk ? -1 : 0))
    .slice(0, limit)
    .map(({ id, action, category, description, createdAt, applicationId }) => ({ id, action, category, description, createdAt, applicationId }));
}

/** The newest `limit` entries of every category (or of those given). */
export function listRecentActivity(limit = 20, categories: readonly ActivityCategory[] = ACTIVITY_CATEGORIES): Promise<ActivityEntry[]> {
  return listActivity(categories, limit);
}

/**
 * The entries of one category made between two instants (ISO, inclusive), oldest first, a page of
 * `limit` at a time: one Query a page (the sort key starts with the time).
 */
export async function activityBetween(
  category: ActivityCategory,
  from: string,
  to: string,
  limit: number,
  after?: Record<string, unknown>,
): Promise<{ items: ActivityEntry[]; next?: Record<string, unknown> }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('activity'),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': partition(category), ':from': from, ':to': `${to}~` },
      Limit: limit,
      ExclusiveStartKey: after,
    }),
  );
  return { items: (out.Items ?? []) as ActivityEntry[], next: out.LastEvaluatedKey };
}

// ---- Payments no order recorded ----------------------------------------------------------------

/** The partition of the payments the provider took that no order recorded (not a feed category: a list of its own). */
const UNMATCHED_PAYMENTS = 'PAYMENTS#unmatched';

/** A payment the provider reports that matched no order: what staff need to find it there and refund it. */
export interface UnmatchedPayment {
  provider: string;
  reference: string;
  amountCents: number;
  currency: string;
  /** When the provider took it (ISO). */
  at: string;
  /** no-application: the payment names no order; not-found: it names one we do not have. */
  reason: 'no-application' | 'not-found';
  /** The order id the payment named, when it named one. */
  applicationId?: string;
  eventId: string;
}

/**
 * Records a payment no order recorded, with `also` (the provider event marked done) in one
 * transaction. Keyed by when it was taken and its reference, so a repeated delivery writes the
 * same item again.
 */
export async function recordUnmatchedPayment(payment: UnmatchedPayment, also: TransactItem[]): Promise<void> {
  const item = { pk: UNMATCHED_PAYMENTS, sk: `${payment.at}#${payment.reference}`, ...payment };
  await ddb().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName('activity'), Item: item } }, ...also] }));
}

/** The payments no order recorded, newest first, a page of `limit`: one Query. */
export async function listUnmatchedPayments(
  limit: number,
  after?: Record<string, unknown>,
): Promise<{ items: UnmatchedPayment[]; next?: Record<string, unknown> }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('activity'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': UNMATCHED_PAYMENTS },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: after,
    }),
  );
  const items = (out.Items ?? []).map(({ pk: _pk, sk: _sk, ...rest }) => rest as UnmatchedPayment);
  return { items, next: out.LastEvaluatedKey };
}
