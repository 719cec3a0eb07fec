import { ddb } from '../../lib/clients/dynamodb.ts';
import { QueryCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { APPLICATION_INDEXES, type ApplicationItem, table } from './item.ts';

/**
 * The open orders' filing states and registered-agent choices, for the staff settings banner
 * (shared/operator/facts.ts agentOfficeGaps): paid orders not yet completed, read from the
 * byStatus index (submitted, processing and filed), only the attributes the banner needs.
 */

/** Statuses of an order still on its way to the customer. */
const OPEN_STATUSES = ['submitted', 'processing', 'filed'] as const;

/** Pages read per status at most: the banner is a hint, and an operator's open orders fit many times over. */
const MAX_PAGES = 20;

export async function openOrderAgents(): Promise<{ state: string; agent?: string }[]> {
  const out: { state: string; agent?: string }[] = [];
  for (const status of OPEN_STATUSES) {
    let after: Record<string, unknown> | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await ddb().send(
        new QueryCommand({
          TableName: table(),
          IndexName: APPLICATION_INDEXES.byStatus,
          KeyConditionExpression: '#status = :status',
          FilterExpression: '#paymentStatus = :paid',
          ProjectionExpression: '#state, #pricedOrder.#state, #filingDetails.#registeredAgent.#kind',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#paymentStatus': 'paymentStatus',
            '#state': 'state',
            '#pricedOrder': 'pricedOrder',
            '#filingDetails': 'filingDetails',
            '#registeredAgent': 'registeredAgent',
            '#kind': 'kind',
          },
          ExpressionAttributeValues: { ':status': status, ':paid': 'paid' },
          ExclusiveStartKey: after,
        }),
      );
      for (const item of (res.Items ?? []) as ApplicationItem[]) {
        const state = item.pricedOrder?.state ?? item.state;
        if (state) out.push({ state, ...(item.filingDetails?.registeredAgent?.kind ? { agent: item.filingDetails.registeredAgent.kind } : {}) });
      }
      after = res.LastEvaluatedKey;
      if (!after) break;
    }
  }
  return out;
}
