import type { OrderPrice, PriceLine } from './api/responses.ts';
import { dollarsToCents } from './money.ts';
import type { StatePricing } from './states.ts';

/** Optional add-ons and their prices in dollars (docs/product.md section 9). */
export const ADD_ONS = {
  expeditedFiling: { label: 'Expedited filing', price: 75, description: '1-2 business days instead of 5-7' },
  feinFiling: { label: 'FEIN (EIN) filing', price: 75, description: 'We apply for your federal tax ID' },
  operatingAgreement: { label: 'Operating agreement template', price: 50, description: 'Customised for creators' },
} as const;

export type AddOnKey = keyof typeof ADD_ONS;
export const ADD_ON_KEYS = Object.keys(ADD_ONS) as AddOnKey[];
export type AddOnSelection = Partial<Record<AddOnKey, boolean | undefined>>;

export const STANDARD_PROCESSING = '5-7 business days';
export const EXPEDITED_PROCESSING = '1-2 business days';

/** An order's lines, its total in whole dollars and `totalCents` (what a payment provider is asked to charge): types of the API contract. */
export type { OrderPrice, PriceLine };

/** Total = state total cost + selected add-ons. The one price function of the product. */
export function priceOrder(state: Pick<StatePricing, 'filingFee' | 'serviceFee' | 'name'>, addOns: AddOnSelection): OrderPrice {
  const lines: PriceLine[] = [
    { key: 'filingFee', label: `${state.name} state filing fee`, amount: state.filingFee },
    { key: 'serviceFee', label: 'Service fee', amount: state.serviceFee },
  ];
  for (const key of ADD_ON_KEYS) {
    if (addOns[key]) lines.push({ key, label: ADD_ONS[key].label, amount: ADD_ONS[key].price });
  }
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return { lines, total, totalCents: dollarsToCents(total) };
}

export function processingTimeFor(addOns: AddOnSelection): string {
  return addOns.expeditedFiling ? EXPEDITED_PROCESSING : STANDARD_PROCESSING;
}
