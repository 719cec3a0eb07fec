// The three-year cost of an order: the state's cost (./three-year-cost.ts, or the API's answer
// computed from it) plus what the order bought. No state data here, so the checkout can use it
// without downloading every state's fees (docs/decisions/0172).

import type { FactSource } from './facts.ts';
import { OUR_PRICE_LIST } from './our-prices.ts';

type CostYear = 1 | 2 | 3;

/** A price line of an order (shared/pricing.ts): the formation's two are already in the three-year cost. */
export interface OrderCostLine {
  key: string;
  label: string;
  amount: number;
}

const ALREADY_COUNTED = new Set(['filingFee', 'serviceFee']);

/**
 * The three-year cost of an order: the state's cost plus everything else the order bought (each
 * add-on at its price, and the government fee it brings: the state's expedite fee, the DBA's
 * filing fee), in year 1, so "all in" includes what was just bought. Any figure shape (the shared
 * function's result or the API's answer) goes through unchanged but for the added lines.
 */
export function withOrderLines<C extends { lines: readonly { label: string; amount: number; year: CostYear; source: FactSource }[]; total: number }>(
  cost: C,
  orderLines: readonly OrderCostLine[],
): C {
  const added: { key: 'add-on'; state: string; label: string; amount: number; year: CostYear; source: FactSource }[] = orderLines
    .filter((l) => !ALREADY_COUNTED.has(l.key) && l.amount > 0)
    .map((l) => ({
      key: 'add-on',
      state: (cost as { state?: string }).state ?? '',
      label: `${l.label} (in this order)`,
      amount: l.amount,
      year: 1,
      source: OUR_PRICE_LIST,
    }));
  if (!added.length) return cost;
  const lines = [...cost.lines, ...added].sort((a, b) => a.year - b.year);
  return { ...cost, lines, total: cost.total + added.reduce((sum, l) => sum + l.amount, 0) };
}
