import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import type { ApplicationItem } from './item.ts';

/**
 * The customer's "update your W-9" email for the election recorded in effect from `effectiveOn`
 * (docs/decisions/0432): one message listing the payers on the order's list, for the transaction
 * that records the CP261; none without payers or an address. One per effective date.
 */
export function w9UpdateEmailPuts(app: ApplicationItem, effectiveOn: string, now = Date.now()): TransactItem[] {
  const payers = [...new Set((app.payers ?? []).map((p) => p.name))];
  if (!payers.length || !app.email) return [];
  return [
    outboxPut(
      {
        kind: 'w9_update',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `w9-update:${app.id}:${effectiveOn}`,
        payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '', effectiveOn, payers },
      },
      now,
    ),
  ];
}
