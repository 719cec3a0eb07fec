import { highestTotal, lowestTotal } from '#shared/price-range.ts';
import type { StatePricing } from '#shared/states.ts';

export interface PriceRange {
  lowest: number;
  highest: number;
}

/** The id of the landing page's JSON-LD script element (written by the build, refreshed live). */
export const STRUCTURED_DATA_ID = 'structured-data';

/** The price range of live pricing data: lowest = the "from $N" starting price. */
export function priceRangeOf(states: readonly StatePricing[] | undefined): PriceRange | undefined {
  if (!states?.length) return undefined;
  return { lowest: lowestTotal(states), highest: highestTotal(states) };
}

/**
 * The same range computed at build time from the bundled state data (vite.config.ts defines
 * it), shown until /api/states answers; undefined where the build did not define it (tests).
 */
export function bundledPriceRange(): PriceRange | undefined {
  const lowest = Number(import.meta.env?.VITE_PRICE_LOWEST);
  const highest = Number(import.meta.env?.VITE_PRICE_HIGHEST);
  return lowest > 0 && highest > 0 ? { lowest, highest } : undefined;
}
