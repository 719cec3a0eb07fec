import { type AddOnSelection, addOnFlags, feeColumnOf } from '../catalog/catalog.ts';
import type { FeeColumn } from '../catalog/types.ts';
import { formatCents, formatExactCents } from '../money.ts';
import { priceOrder } from '../pricing.ts';
import { findStatePricing } from '../states.ts';
import { writtenDate } from '../written-date.ts';

/**
 * Refunds (docs/product.md section 10, "Refunds"): what an order may still give back, what of it
 * the state has already kept, and how a refund reaches the customer. One set of rules for the
 * server that refunds, the staff form that proposes an amount and the email that says it.
 */

/** Who caused a refund: staff in the dashboard, the provider (its own dashboard, an automatic refund) or a lost chargeback. */
export const REFUND_SOURCES = ['staff', 'provider', 'dispute'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** One refund recorded on an order. `id`: the provider's refund id (or the dispute id), so each is recorded once. */
export interface RefundEntry {
  id: string;
  amountCents: number;
  reason: string;
  source: RefundSource;
  /** The staff email of who refunded (staff refunds only). */
  by?: string;
  at: string;
}

/** Longest refund reason staff may write (it is in the customer's email). */
export const REFUND_REASON_MAX = 500;

/**
 * How long the money takes to reach the customer, by the provider it goes back through: card
 * networks take 5 to 10 business days (Stripe's figure); Klarna and Amazon Pay say the same window.
 */
export function refundArrival(provider: string | undefined): string {
  if (provider === 'test') return 'at once (a test payment: no real money moved)';
  return 'within 5 to 10 business days, on the card or account you paid with';
}

/** The statuses in which the state filing fee has been paid to the state (Start Processing pays it). */
const STATE_FEE_SPENT_STATUSES = new Set(['processing', 'filed', 'completed']);

export function stateFeeSpent(status: string | undefined | null): boolean {
  return STATE_FEE_SPENT_STATUSES.has(status ?? '');
}

interface RefundableOrder extends AddOnSelection {
  state?: string | null;
  status?: string | null;
  paymentStatus?: string | null;
  amountPaidCents?: number | null;
  amountRefundedCents?: number | null;
}

/**
 * The state's part of an order, in cents: the filing fee and, for an expedited order, the state's
 * expedite fee (our service fee and add-ons are ours to give back). 0 for an unknown state.
 */
const STATE_COLUMNS: readonly FeeColumn[] = ['stateFilingFee', 'stateExpediteFee'];

export function stateFeesCents(order: AddOnSelection & { state?: string | null }): number {
  const state = findStatePricing(order.state ?? '');
  if (!state) return 0;
  const price = priceOrder(state, addOnFlags(order));
  const stateLines = price.lines.filter((l) => STATE_COLUMNS.includes(feeColumnOf(l.key)));
  return Math.round(stateLines.reduce((sum, l) => sum + l.amount, 0) * 100);
}

/** What a refund of a paid order may be, for the form and the server alike. */
export interface RefundPlan {
  paidCents: number;
  refundedCents: number;
  /** Everything not refunded yet. */
  refundableCents: number;
  /** The state has the filing fee (the order was started): it cannot be got back from the state. */
  stateFeeSpent: boolean;
  stateFeeCents: number;
  /** The form's default: everything refundable, less what the state kept when it kept it. */
  suggestedCents: number;
}

export function refundPlan(order: RefundableOrder): RefundPlan {
  const paidCents = Math.max(0, order.amountPaidCents ?? 0);
  const refundedCents = Math.min(paidCents, Math.max(0, order.amountRefundedCents ?? 0));
  const refundableCents = paidCents - refundedCents;
  const spent = stateFeeSpent(order.status);
  const stateFeeCents = Math.min(paidCents, stateFeesCents(order));
  // What is ours to give back is what was paid less the state's part; refunds so far come off it first.
  const suggestedCents = spent ? Math.max(0, Math.min(refundableCents, paidCents - stateFeeCents - refundedCents)) : refundableCents;
  return { paidCents, refundedCents, refundableCents, stateFeeSpent: spent, stateFeeCents, suggestedCents };
}

/** The sentence staff see (and the server answers) once the state fee is spent. */
export function stateFeeSentence(plan: Pick<RefundPlan, 'stateFeeCents'>): string {
  return `Processing has started, so the ${formatRefundCents(plan.stateFeeCents)} state fee is already paid to the state and cannot be recovered: the refund leaves it out unless you include it.`;
}

/**
 * Why staff may not refund `amountCents` now, or undefined. Once the state fee is spent, an amount
 * that reaches into it needs `includeStateFee` (the person has read that we pay it ourselves).
 */
export function refundAmountProblem(plan: RefundPlan, amountCents: number, includeStateFee: boolean): string | undefined {
  if (!Number.isInteger(amountCents) || amountCents < 1) return 'Enter an amount of at least $0.01';
  if (plan.refundableCents <= 0) return 'Nothing is left to refund on this order';
  if (amountCents > plan.refundableCents)
    return `At most ${formatRefundCents(plan.refundableCents)} can be refunded (${formatRefundCents(plan.paidCents)} paid, ${formatRefundCents(plan.refundedCents)} refunded already)`;
  if (plan.stateFeeSpent && amountCents > plan.suggestedCents && !includeStateFee) return stateFeeSentence(plan);
  return undefined;
}

/** Cents as "$12.34" (refunds are exact to the cent, unlike prices). */
export function formatRefundCents(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${formatCents(dollars * 100)}.${rest}`;
}

/** What the customer's refund email says (its template and the staff form's preview use this one text). */
export interface RefundEmailFacts {
  firstName: string;
  businessName: string;
  amountCents: number;
  /** Everything refunded so far, and what was paid. */
  refundedCents: number;
  paidCents: number;
  /** The whole payment is refunded now. */
  full: boolean;
  reason: string;
  /** When the money reaches the customer (refundArrival). */
  arrival: string;
  refundedAt: string;
}

export function refundEmailText(p: RefundEmailFacts): { subject: string; heading: string; paragraphs: string[] } {
  const amount = formatExactCents(p.amountCents);
  return {
    subject: p.full ? `Your payment for ${p.businessName} is refunded` : `A refund of ${amount} for ${p.businessName}`,
    heading: p.full ? 'Your payment is refunded' : 'We sent you a refund',
    paragraphs: [
      p.firstName ? `Hi ${p.firstName},` : 'Hello,',
      `We refunded ${amount} of your payment for ${p.businessName || 'your LLC order'} on ${writtenDate(p.refundedAt)}. Reason: ${p.reason.replace(/[.\s]+$/, '')}.`,
      p.full
        ? `That is the whole ${formatExactCents(p.paidCents)} you paid, so the order is closed and we will not file it any further.`
        : `Refunded so far: ${formatExactCents(p.refundedCents)} of the ${formatExactCents(p.paidCents)} you paid. The rest of your order goes on as before.`,
      `The money reaches you ${p.arrival}. If it has not arrived by then, write to us from our contact page.`,
    ],
  };
}
