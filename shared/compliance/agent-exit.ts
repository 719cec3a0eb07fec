import { formatCents } from '../money.ts';
import { stateLinksOf } from '../staff/state-links.ts';
import { findState } from '../states.ts';
import { addDays, addYears, daysBetween, longDate } from './dates.ts';
import { RENEWAL_REFUND_DAYS, type RenewalCharge, SERVICE_AFTER_REFUND_DAYS } from './renewal-charges.ts';

/**
 * Leaving our registered agent service (docs/decisions/0427-leaving-the-registered-agent.md): the
 * day it ends, the refund the Refund Policy gives, and what the customer files with the state.
 * One rule for the order page, the server's cancellation and the confirmation email.
 */

/** The renewal charge a cancellation on `day` refunds in full: paid, not refunded, at most RENEWAL_REFUND_DAYS old. */
export function refundableRenewal(charge: RenewalCharge | undefined, day: string): RenewalCharge | undefined {
  if (charge?.state !== 'paid' || charge.refund || !charge.paidAt || !charge.reference) return undefined;
  const age = daysBetween(charge.paidAt.slice(0, 10), day);
  return age >= 0 && age <= RENEWAL_REFUND_DAYS ? charge : undefined;
}

/**
 * When the service ends for a renewal cancelled on `cancelledOn`: the first anniversary of the
 * formation after that day (the end of the free first year, or of the renewed year under way);
 * when that year's charge was refunded, SERVICE_AFTER_REFUND_DAYS after the cancellation (never
 * later than the anniversary).
 */
export function serviceEndsOn(formationDate: string, cancelledOn: string, refunded = false): string {
  let years = 1;
  while (addYears(formationDate, years) <= cancelledOn) years++;
  const anniversary = addYears(formationDate, years);
  if (!refunded) return anniversary;
  const grace = addDays(cancelledOn, SERVICE_AFTER_REFUND_DAYS);
  // ISO days sort as text: the earlier of the two.
  return [grace, anniversary].sort()[0] as string;
}

/** The refund a cancellation gives, in words. */
export function refundWords(refundCents: number, firstYear: boolean): string {
  if (refundCents > 0)
    return `The renewal you paid ${formatCents(refundCents)} for is refunded in full, because you cancel within ${RENEWAL_REFUND_DAYS} days of the charge: it goes back to the card it was charged to.`;
  return firstYear
    ? 'Nothing to refund: the first year is included in your formation price.'
    : `No refund for the year under way: its charge is more than ${RENEWAL_REFUND_DAYS} days old (the Refund Policy's rule).`;
}

/**
 * What the customer does to name another agent in the state, from the state's filing office in
 * the data. We do not hold each state's change-of-agent form or fee, and say so.
 */
export function agentExitSteps(stateCode: string, endsOn: string): string[] {
  const name = findState(stateCode)?.name ?? stateCode;
  const office = stateLinksOf(stateCode)?.agency ?? `${name}'s business filing office`;
  return [
    `Choose who takes over as your LLC's registered agent in ${name}: another registered agent service, or a person the state accepts as one (the filing office's pages say who may be).`,
    `File ${name}'s change of registered agent with the ${office} before ${longDate(endsOn)}. We do not have the form's name or its fee in our data: the office's pages say which form to use and what it costs.`,
    `Until ${longDate(endsOn)} we keep receiving your LLC's mail and legal papers and send them to you as before; after that day we no longer accept them for your LLC.`,
  ];
}

/** The filing office's business pages, where the data names them. */
export function agentExitOffice(stateCode: string): { name: string; url: string } | undefined {
  const links = stateLinksOf(stateCode);
  return links?.agency && links.agencyUrl ? { name: links.agency, url: links.agencyUrl } : undefined;
}
