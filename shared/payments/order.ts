import { type AddOnPrices, type AddOnSelection, addOnFlags, DEFAULT_ADD_ON_PRICES } from '../catalog/catalog.ts';
import { type OrderPrice, priceOrder, processingTimeFor } from '../pricing.ts';
import { DEFAULT_STATE_CODE, findStatePricing, type StatePricing } from '../states.ts';

/** The application fields a price depends on. */
export interface PricedApplication extends AddOnSelection {
  state?: string | null;
  /** Set once a payment started: the add-on prices then in force stay the order's. */
  pricedOrder?: { addOnPrices?: Partial<AddOnPrices> } | null;
}

/**
 * The add-on prices an application is priced at: those frozen when its payment started (an order
 * frozen before the prices were settings paid the defaults, which were the constants), else the
 * operator's `current` ones. Only an application no payment has started for needs `current`.
 */
export function addOnPricesOf(app: Pick<PricedApplication, 'pricedOrder'>, current?: AddOnPrices): AddOnPrices {
  if (app.pricedOrder) return { ...DEFAULT_ADD_ON_PRICES, ...app.pricedOrder.addOnPrices };
  return current ?? DEFAULT_ADD_ON_PRICES;
}

export interface ApplicationOrder extends OrderPrice {
  state: StatePricing;
  processingTime: string;
  /** The add-on prices the order is priced at (frozen with it when payment starts). */
  addOnPrices: AddOnPrices;
}

/**
 * What an application costs: its filing state's pricing plus its saved add-ons, through the one
 * price function, at the add-on prices of addOnPricesOf. The server charges this and nothing else. A missing state is the default
 * filing state (docs/product.md section 9); an unknown one has no price (undefined).
 */
export function orderForApplication(app: PricedApplication, current?: AddOnPrices): ApplicationOrder | undefined {
  const state = findStatePricing(app.state || DEFAULT_STATE_CODE);
  if (!state) return undefined;
  return orderFor(state, addOnFlags(app), addOnPricesOf(app, current));
}

/** The order for a state's pricing and a set of add-ons (the checkout page prices its toggles with it). */
export function orderFor(state: StatePricing, addOns: AddOnSelection, prices: AddOnPrices = DEFAULT_ADD_ON_PRICES): ApplicationOrder {
  return { ...priceOrder(state, addOns, prices), state, processingTime: processingTimeFor(state.code, addOns), addOnPrices: prices };
}

/** "$425.00" style amount for providers that take a decimal string (Amazon Pay). */
export function centsToDecimalString(cents: number): string {
  return (cents / 100).toFixed(2);
}
