import type { RenewalCharge, RenewalEvent } from '#shared/compliance/renewal-charges.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { type ApplicationItem, ItemUpdate, update, updateWith } from './item.ts';

/**
 * A recurring charge's writes on the order, whichever service it pays for (the registered agent
 * renewal, ./renewal.ts; the annual reports filed for the customer, ./annual-report.ts): a period
 * claimed for charging under a lease, then what became of it, each conditional on the charge as
 * the decision read it, so two sweeps (or a sweep and the provider's webhook) record a period once.
 * `fields` names the order's attributes of the service.
 */
export interface ChargeFields {
  /** The period charged last or being charged (a RenewalCharge). */
  charge: string;
  /** Its history lines, oldest first. */
  history: string;
  /** Set when the customer cancelled: a cancellation written first wins over a claim. */
  cancelledAt: string;
  /** An attribute the claim needs present (the recorded agreement), when the service has one. */
  agreement?: string;
}

/**
 * Claims `period` for charging: only if no charge of it is recorded, or a claim of it whose lease
 * ran out (its sweep crashed or timed out between the claim and the record), and only while the
 * order is paid and the service not cancelled. The claimed charge, or undefined when another
 * sweep holds or recorded the period.
 */
export async function claimCharge(
  fields: ChargeFields,
  app: Pick<ApplicationItem, 'id'>,
  period: string,
  amountCents: number,
  leaseMs: number,
  now = Date.now(),
): Promise<RenewalCharge | undefined> {
  const held = (app as Record<string, unknown>)[fields.charge] as RenewalCharge | undefined;
  const same = held?.period === period ? held : undefined;
  const charge: RenewalCharge = { period, amountCents, state: 'charging', attempt: (same?.attempt ?? 0) + 1, leaseUntil: now + leaseMs };
  const c = `#${fields.charge}`;
  const change = new ItemUpdate(app.id)
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .when(`attribute_not_exists(#${fields.cancelledAt})`)
    .when(`(attribute_not_exists(${c}) OR ${c}.#period < :period OR (${c}.#period = :period AND ${c}.#state = :charging AND ${c}.#leaseUntil < :now))`, {
      ':period': period,
      ':charging': 'charging',
      ':now': now,
    })
    .set(fields.charge, charge)
    .set('updatedAt', new Date(now).toISOString());
  if (fields.agreement) change.when(`attribute_exists(#${fields.agreement})`);
  return (await update(change)) ? charge : undefined;
}

const withoutLease = ({ leaseUntil: _, ...rest }: RenewalCharge): RenewalCharge => rest;

/**
 * What became of a claimed or due period (`read`: the charge as read; `outcome`: the fields it now
 * has). Written only while the charge is still as read, with the history line and `alongside` in
 * one transaction. False when it changed meanwhile: read again and decide again.
 */
export async function recordChargeOutcome(
  fields: ChargeFields,
  app: Pick<ApplicationItem, 'id'>,
  read: RenewalCharge,
  outcome: Partial<RenewalCharge> & Pick<RenewalCharge, 'state'>,
  event: RenewalEvent,
  alongside: TransactItem[],
  now = Date.now(),
): Promise<boolean> {
  const c = `#${fields.charge}`;
  const change = new ItemUpdate(app.id)
    .when(`${c}.#period = :readPeriod AND ${c}.#state = :readState AND ${c}.#attempt = :readAttempt`, {
      ':readPeriod': read.period,
      ':readState': read.state,
      ':readAttempt': read.attempt,
    })
    .set(fields.charge, { ...withoutLease(read), ...outcome })
    .set('updatedAt', new Date(now).toISOString())
    .append(fields.history, [event]);
  return updateWith(change, alongside);
}
