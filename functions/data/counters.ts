import { type ApplicationStatus, COMPLETED_STATUSES, COUNTED_STATUSES } from '#shared/application-status.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand, type TransactItem } from '../lib/clients/dynamodb-sdk.ts';

/**
 * Dashboard counts kept as atomic counters, updated in the same transaction as the change they
 * count, so reading the stats costs one GetItem however many applications exist.
 * Item `STATS`: one number attribute per application status, plus `openTickets`.
 */
const STATS_ID = 'STATS';

/** Moves one application from `from` (or nowhere, for a new one) to `to`. Use in a transaction. */
export function statusCounterUpdate(from: ApplicationStatus | null, to: Exclude<ApplicationStatus, 'draft'>): TransactItem {
  const names: Record<string, string> = { '#to': to };
  const values: Record<string, number> = { ':one': 1 };
  let expr = 'ADD #to :one';
  // Drafts are never counted, so leaving draft has nothing to decrement.
  if (from && from !== to && from !== 'draft') {
    names['#from'] = from;
    values[':minusOne'] = -1;
    expr += ', #from :minusOne';
  }
  return {
    Update: {
      TableName: tableName('counters'),
      Key: { id: STATS_ID },
      UpdateExpression: expr,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * A fully refunded order leaves its status's count (it is no longer pending, nor completed work)
 * and joins `refunded`. Use in the transaction that records the refund.
 */
export function refundedCounterUpdate(status: string): TransactItem {
  return {
    Update: {
      TableName: tableName('counters'),
      Key: { id: STATS_ID },
      UpdateExpression: 'ADD #refunded :one, #from :minusOne',
      ExpressionAttributeNames: { '#refunded': 'refunded', '#from': status },
      ExpressionAttributeValues: { ':one': 1, ':minusOne': -1 },
    },
  };
}

/** +1 / -1 open tickets. Use in a transaction with the ticket change. */
export function openTicketsCounterUpdate(delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName('counters'),
      Key: { id: STATS_ID },
      UpdateExpression: 'ADD openTickets :d',
      ExpressionAttributeValues: { ':d': delta },
    },
  };
}

/**
 * The counts the counters item holds. "Pending" is not one of them: a status counter cannot tell a
 * paid submission from an unpaid one, so the dashboard counts the work queue's paid stages
 * (functions/handlers/staff/dashboard.ts, docs/decisions/0410-a-queue-with-no-holes.md).
 */
interface DashboardCounts {
  totalApplications: number;
  completedApplications: number;
  openTickets: number;
}

/** One GetItem. */
export async function readDashboardCounts(): Promise<DashboardCounts> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('counters'), Key: { id: STATS_ID }, ConsistentRead: true }));
  const item = (out.Item ?? {}) as Record<string, number>;
  const sum = (statuses: readonly string[]) => statuses.reduce((n, s) => n + Math.max(0, Number(item[s] ?? 0)), 0);
  return {
    totalApplications: sum(COUNTED_STATUSES),
    completedApplications: sum(COMPLETED_STATUSES),
    openTickets: Math.max(0, Number(item.openTickets ?? 0)),
  };
}
