import {
  ADD_ON_BY_KEY,
  type AddOnPrices,
  type AddOnSelection,
  AFTER_PAYMENT_KEYS,
  type AfterPaymentKey,
  addOnOffer,
  addOnPrice,
  availability,
  type BoughtLater,
  boughtFlags,
} from '../catalog/catalog.ts';
import type { PurchaseDetailField, PurchaseDetails, PurchaseField } from '../catalog/types.ts';
import { findState } from '../states.ts';
import type { HomeStateFee } from './home-registration.ts';

/**
 * Add-ons bought after payment (docs/decisions/0424): what the order page offers, at which
 * price, and why an order cannot buy. Pure: the server prices and refuses with it, the page
 * shows the same answer. Which add-ons are sold this way is the catalog's (`sale.afterPayment`).
 */

export const PURCHASE_STATES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/** How the customer pays: the card kept at checkout (charged at once), or a card entered now. */
export const PAY_WITH = ['saved-card', 'new-card'] as const;
export type PayWith = (typeof PAY_WITH)[number];

export interface PurchaseLine {
  key: string;
  label: string;
  /** Whole US dollars, as the checkout's price lines. */
  amount: number;
}

/** One add-on bought after payment, as the order stores it: its price frozen when it was started. */
export interface Purchase extends BoughtLater {
  /** `p` and 32 hex digits. */
  id: string;
  key: AfterPaymentKey;
  name: string;
  lines: PurchaseLine[];
  totalCents: number;
  /** What the customer typed to buy it, as checked (the DBA's name and county): set on the order when it is paid. */
  details?: PurchaseDetails;
  state: PurchaseState;
  provider: 'test' | 'stripe';
  via: PayWith;
  /** The provider's payment (the PaymentIntent, or the offline test payment). */
  reference?: string;
  createdAt: string;
  paidAt?: string;
  /** Why the last attempt failed (a declined card). */
  failure?: string;
  cardLast4?: string;
  refundedCents?: number;
  refundedAt?: string;
}

/** The facts of an order the purchase rules read. */
export interface PurchasingOrder extends AddOnSelection {
  state?: string | null;
  paymentStatus?: string | null;
  amountPaidCents?: number | null;
  amountRefundedCents?: number | null;
  pricedOrder?: ({ state?: string } & AddOnSelection) | null;
  purchases?: readonly Purchase[] | null;
  /** The owner's home state and its registration fee as staff confirmed it (the home-state registration, ./home-registration.ts). */
  residenceState?: string | null;
  homeStateFee?: HomeStateFee | null;
}

export type OfferStatus = 'available' | 'bought' | 'pending' | 'unavailable';

export interface PurchaseOffer {
  key: AfterPaymentKey;
  name: string;
  description: string;
  lines: PurchaseLine[];
  totalCents: number;
  status: OfferStatus;
  /** Why it cannot be bought now (bought, pending, not sold in the state). */
  reason?: string;
  /** What the customer types to buy it (the DBA's name, and its county where a county clerk files it). */
  fields?: PurchaseField[];
}

/** Why the order cannot buy anything after payment, or undefined when it can: only a paid order, not refunded in full nor disputed. */
export function purchaseRefusal(order: PurchasingOrder): string | undefined {
  if (order.paymentStatus === 'refunded') return 'This order was refunded: nothing more can be bought on it';
  if (order.paymentStatus === 'disputed')
    return 'The payment of this order is disputed with your bank: nothing more can be bought on it until the dispute is closed';
  if (order.paymentStatus !== 'paid') return 'Add-ons can be bought here once the order is paid';
  return undefined;
}

/** The filing state the order was priced in. */
export const orderStateOf = (order: PurchasingOrder) => (order.pricedOrder?.state ?? order.state ?? '').toUpperCase();

/**
 * The price lines of an add-on bought now: our price at the operator's prices in force, and the
 * government's fee in the state where it adds one (or, for an add-on priced from the order, the
 * fee its entry reads from the order: the home state's confirmed fee).
 */
export function purchaseLines(key: AfterPaymentKey, stateCode: string, prices: Partial<AddOnPrices>, order: PurchasingOrder = {}): PurchaseLine[] {
  const entry = ADD_ON_BY_KEY[key];
  const state = { code: stateCode, name: findState(stateCode)?.name ?? stateCode };
  const ours = { key, label: entry.name, amount: addOnPrice(key, prices) };
  if (entry.sale.forOrder) {
    const line = entry.sale.forOrder.feeLine(order);
    return [ours, ...(line ? [line] : [])];
  }
  const fee = entry.governmentFee?.line(state);
  return [ours, ...(fee ? [{ key: entry.governmentFee!.key, label: fee.label, amount: fee.amount }] : [])];
}

export const linesCents = (lines: readonly PurchaseLine[]) => lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0);

/** The pending purchase of an add-on (at most one at a time). */
export const pendingPurchase = (order: PurchasingOrder, key: string) => (order.purchases ?? []).find((p) => p.key === key && p.state === 'pending');

/**
 * Every add-on the catalog sells after payment, as this order may buy it now: its price lines,
 * or why not (bought with the order or since, a payment of it under way, not sold in the state).
 */
export function purchaseOffers(order: PurchasingOrder, prices: Partial<AddOnPrices>): PurchaseOffer[] {
  const state = orderStateOf(order);
  const bought = boughtFlags(order);
  // An add-on priced from the order is not shown where the order has nothing to buy it for (formed in the home state).
  const shown = AFTER_PAYMENT_KEYS.filter((key) => ADD_ON_BY_KEY[key].sale.forOrder?.shownFor(order) ?? true);
  return shown.map((key) => {
    const offer = addOnOffer(key, state, prices);
    const forOrder = ADD_ON_BY_KEY[key].sale.forOrder;
    const lines = purchaseLines(key, state, prices, order);
    const description = forOrder ? forOrder.describeFor(order) : offer.description;
    const base = { key, name: offer.name, description, lines, totalCents: linesCents(lines) };
    if (bought[key]) return { ...base, status: 'bought' as const, reason: 'Your order has it already' };
    // What the customer types to buy it (or to pay again for a payment left under way).
    const asks = ADD_ON_BY_KEY[key].sale.asks;
    const fields = asks ? { fields: [...asks.fields(state)] } : {};
    if (pendingPurchase(order, key)) return { ...base, ...fields, status: 'pending' as const, reason: 'Its payment is under way' };
    const sold = forOrder ? forOrder.availableFor(order) : availability(key, state);
    if (!sold.available) return { ...base, status: 'unavailable' as const, reason: sold.reason };
    return { ...base, ...fields, status: 'available' as const };
  });
}

/**
 * What the customer typed to buy an add-on, checked as its entry asks in the order's state (the
 * DBA's name and county, with the wizard's rule): the values to keep on the purchase, or each
 * field's sentence. An add-on that asks nothing keeps nothing.
 */
export function purchaseDetails(
  key: AfterPaymentKey,
  stateCode: string,
  typed: PurchaseDetails,
): { ok: true; details?: PurchaseDetails } | { ok: false; problems: Partial<Record<PurchaseDetailField, string>> } {
  const asks = ADD_ON_BY_KEY[key].sale.asks;
  if (!asks) return { ok: true };
  return asks.check(stateCode, typed);
}
