import { type AddOnSelection, type OrderPrice, priceOrder, processingTimeFor } from '../pricing.ts';
import { DEFAULT_STATE_CODE, findStatePricing, type StatePricing } from '../states.ts';

/** The application fields a price depends on. */
export interface PricedApplication extends AddOnSelection {
  state?: string | null;
}

export interface ApplicationOrder extends OrderPrice {
  state: StatePricing;
  processingTime: string;
}

/**
 * What an application costs: its filing state's pricing plus its saved add-ons, through the one
 * price function. The server charges this and nothing else. A missing state is the default
 * filing state (docs/product.md section 9); an unknown one has no price (undefined).
 */
export function orderForApplication(app: PricedApplication): ApplicationOrder | undefined {
  const state = findStatePricing(app.state || DEFAULT_STATE_CODE);
  if (!state) return undefined;
  const addOns: AddOnSelection = {
    expeditedFiling: Boolean(app.expeditedFiling),
    feinFiling: Boolean(app.feinFiling),
    operatingAgreement: Boolean(app.operatingAgreement),
    dbaRegistration: Boolean(app.dbaRegistration),
  };
  return orderFor(state, addOns);
}

/** The order for a state's pricing and a set of add-ons (the checkout page prices its toggles with it). */
export function orderFor(state: StatePricing, addOns: AddOnSelection): ApplicationOrder {
  return { ...priceOrder(state, addOns), state, processingTime: processingTimeFor(state.code, addOns) };
}

/** "$425.00" style amount for providers that take a decimal string (Amazon Pay). */
export function centsToDecimalString(cents: number): string {
  return (cents / 100).toFixed(2);
}
