import { ADD_ONS, type AddOnPrices, type AddOnSelection, addOnPrice, addOnsOf, DEFAULT_ADD_ON_PRICES, type PriceLineKey } from './catalog/catalog.ts';
import { dollarsToCents } from './money.ts';
import { noStandardTimeSentence, processingFor } from './state-facts/processing-times.ts';
import type { StatePricing } from './states.ts';

// The filing promise lives in ./filing-promise.ts (no imports), so pages that only state it need not load these rules.
export { FILING_PROMISE_BUSINESS_DAYS, OUR_FILING_TIME } from './filing-promise.ts';

/** One line of an order's price, in whole dollars. */
export interface PriceLine {
  key: PriceLineKey;
  label: string;
  amount: number;
}

/** An order's lines, its total in whole dollars and `totalCents` (what a payment provider is asked to charge). */
export interface OrderPrice {
  lines: PriceLine[];
  total: number;
  totalCents: number;
}

/**
 * Total = state total cost + selected add-ons. The one price function of the product.
 * Each add-on of the catalog (shared/catalog/entries.ts) chosen and sold in the state adds its
 * line at our price, then the government's fee it brings where the state charges one ("State
 * expedite fee (<tier>)", the DBA's filing fee). An add-on the state does not sell adds nothing.
 */
export function priceOrder(
  state: Pick<StatePricing, 'code' | 'filingFee' | 'serviceFee' | 'name'>,
  addOns: AddOnSelection,
  prices: AddOnPrices = DEFAULT_ADD_ON_PRICES,
): OrderPrice {
  const lines: PriceLine[] = [
    { key: 'filingFee', label: `${state.name} state filing fee`, amount: state.filingFee },
    { key: 'serviceFee', label: 'Service fee', amount: state.serviceFee },
  ];
  for (const entry of ADD_ONS) {
    if (!addOns[entry.key]) continue;
    if (entry.sale.availableIn && !entry.sale.availableIn(state.code).available) continue;
    lines.push({ key: entry.key, label: entry.name, amount: addOnPrice(entry.key, prices) });
    const government = entry.governmentFee?.line(state);
    if (entry.governmentFee && government) lines.push({ key: entry.governmentFee.key as PriceLineKey, ...government });
  }
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return { lines, total, totalCents: dollarsToCents(total) };
}

/**
 * The state's processing time for an order, as one line (docs/product.md section 9): the time an
 * add-on buys where it changes it (expedited filing: the tier's turnaround); otherwise the
 * state's published standard time, or a sentence saying it publishes none.
 */
export function processingTimeFor(stateCode: string, addOns: AddOnSelection): string {
  const p = processingFor(stateCode);
  if (!p) return 'Unknown state';
  for (const entry of addOnsOf(addOns)) {
    const time = entry.processingTime?.(stateCode);
    if (time) return time;
  }
  if (p.standard) return p.standard.text;
  return noStandardTimeSentence(p);
}
