/**
 * Charging the registered agent renewal the customer agreed to (docs/product.md "Recurring
 * charges", docs/decisions/0345-renewal-charges.md): the facts the server, the emails and the
 * order page share.
 */

/**
 * Days after a failed renewal charge during which the customer may still pay the agreed price
 * from the emailed link; the service lapses the day after. The one place this number lives: the
 * sweep, the emails, the order page and the Terms read it here.
 */
export const RENEWAL_GRACE_DAYS = 14;

/**
 * Days after a renewal charge during which cancelling the renewal refunds it in full, at once
 * (the Refund Policy's "Registered agent service"); the service then runs SERVICE_AFTER_REFUND_DAYS
 * more days from the cancellation, so the customer has time to name another agent.
 */
export const RENEWAL_REFUND_DAYS = 30;
export const SERVICE_AFTER_REFUND_DAYS = 30;

/**
 * Where a renewal period's charge stands: being charged (a sweep holds it), paid, waiting for the
 * customer to pay after a failed charge (until the grace period ends), or lapsed (not paid by then).
 */
export const RENEWAL_CHARGE_STATES = ['charging', 'paid', 'payment-due', 'lapsed'] as const;
export type RenewalChargeState = (typeof RENEWAL_CHARGE_STATES)[number];

/** What happened to a renewal, as the order page's history and the staff activity tell it. */
export const RENEWAL_EVENT_KINDS = ['charged', 'charge-failed', 'paid-by-link', 'lapsed', 'refunded'] as const;
export type RenewalEventKind = (typeof RENEWAL_EVENT_KINDS)[number];

/** Why an off-session charge failed, in the customer's words. */
export const RENEWAL_FAILURE_SENTENCES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  authentication_required: 'Your bank asked you to confirm the payment, which we cannot do for you.',
  expired_card: 'The card on file has expired.',
  no_card: 'There is no card on file for the renewal.',
};

export const renewalFailureSentence = (code: string, message?: string): string =>
  RENEWAL_FAILURE_SENTENCES[code] ?? message ?? 'The card on file could not be charged.';

/** The card saved at checkout for the renewal: the provider's ids and the last four digits, never the number. */
export interface RenewalCard {
  provider: 'stripe' | 'test';
  /** Stripe's PaymentMethod id (pm_...); in test mode `pm_test_<last4>`. */
  paymentMethodId: string;
  /** Stripe's Customer id the method is attached to (absent in test mode). */
  customerId?: string;
  last4?: string;
  savedAt: string;
}

/** One renewal period's charge (the period is the renewal date it starts on, YYYY-MM-DD). */
export interface RenewalCharge {
  period: string;
  /** The agreed price, in cents. */
  amountCents: number;
  state: RenewalChargeState;
  /** Which attempt of this period holds or held the charge; a lease runs out at leaseUntil (ms). */
  attempt: number;
  leaseUntil?: number;
  /** The provider's reference of the payment that paid the period. */
  reference?: string;
  failure?: { code: string; message: string; at: string };
  /** The last day the customer may pay after a failed charge (YYYY-MM-DD); the service lapses after it. */
  graceEndsOn?: string;
  paidAt?: string;
  lapsedAt?: string;
  /** Given back when the renewal was cancelled within RENEWAL_REFUND_DAYS of the charge: the provider's refund id. */
  refund?: { id: string; amountCents: number; at: string };
}

/** One line of the renewal's history. */
export interface RenewalEvent {
  kind: RenewalEventKind;
  period: string;
  amountCents: number;
  at: string;
  /** The failure's sentence, the card charged, or why a charge was refunded. */
  detail?: string;
  /** The provider's payment of a charged or paid line, or its refund of a refunded one (recorded by the annual reports, docs/decisions/0435). */
  reference?: string;
}
