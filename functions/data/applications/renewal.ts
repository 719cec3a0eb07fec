import type { RenewalCharge, RenewalEvent } from '#shared/compliance/renewal-charges.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import type { ApplicationItem } from './item.ts';
import { type ChargeFields, claimCharge, recordChargeOutcome } from './recurring-charge.ts';

/**
 * The registered agent renewal's writes on the order (functions/compliance/renewal-sweep.ts decides
 * them): a period claimed for charging under a lease, then paid, due from the customer after a
 * failed charge, or lapsed. Each is conditional on the period's state as the decision read it, so
 * two sweeps (or a sweep and the provider's webhook) record a period once. What a change implies
 * (the history line, the activity entry, the audit entry, the email, the sweep's row) is written
 * in the same transaction.
 */

const RENEWAL_FIELDS: ChargeFields = { charge: 'renewalCharge', history: 'renewalHistory', cancelledAt: 'renewalCancelledAt' };

/**
 * Claims a renewal period for charging: only if no charge of it is recorded, or a claim of it
 * whose lease ran out (its sweep crashed or timed out between the claim and the record). The
 * renewal must still be agreed: a cancellation written first wins. Returns the claimed charge,
 * or undefined when another sweep holds or recorded the period.
 */
export function claimRenewalCharge(
  app: Pick<ApplicationItem, 'id' | 'renewalCharge'>,
  period: string,
  amountCents: number,
  leaseMs: number,
  now = Date.now(),
): Promise<RenewalCharge | undefined> {
  return claimCharge(RENEWAL_FIELDS, app, period, amountCents, leaseMs, now);
}

/**
 * What became of a claimed or due period: paid (charged by the sweep, or by the customer from the
 * emailed link, perhaps reported by the webhook after the sweep), payment due after a failed charge,
 * or lapsed. `read`: the period's charge as read; `outcome`: the fields it now has (state and
 * what goes with it). Written only while the charge is still as read (another sweep, or the
 * webhook, has not moved it on), with the history line and `alongside` in one transaction. False
 * when it changed meanwhile: read again and decide again.
 */
export function recordRenewalOutcome(
  app: Pick<ApplicationItem, 'id'>,
  read: RenewalCharge,
  outcome: Partial<RenewalCharge> & Pick<RenewalCharge, 'state'>,
  event: RenewalEvent,
  alongside: TransactItem[],
  now = Date.now(),
): Promise<boolean> {
  return recordChargeOutcome(RENEWAL_FIELDS, app, read, outcome, event, alongside, now);
}
