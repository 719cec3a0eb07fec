import { useMemo } from 'react';
import { agentCostOptions } from '#shared/operator/facts.ts';
import { type OrderCostLine, withOrderLines } from '#shared/state-facts/order-cost.ts';
import { type ThreeYearCost, threeYearCost } from '#shared/state-facts/three-year-cost.ts';
import { useOperatorSettings } from '../lib/operator.ts';
import { ThreeYearCostLineView } from './ThreeYearCostView.tsx';

/**
 * The true three-year cost (docs/product.md "The true cost") computed in the browser by the
 * shared cost function the API answers from (shared/state-facts/three-year-cost.ts), for the
 * pages that compare states; drawn by ThreeYearCostView.tsx, every line with its source and the
 * date it was checked. This module carries every state's fee, tax and due-date data.
 */

/** The three-year cost of filing in `state` for an owner living in `residence` (none: the same state). */
export function useThreeYearCost(state: string, residence?: string): ThreeYearCost | undefined {
  // Our agent only where the operator has an office, at its renewal price (none of ours until the settings are read).
  const settings = useOperatorSettings();
  return useMemo(() => threeYearCost(state, residence || undefined, agentCostOptions(settings)), [state, residence, settings]);
}

/** The three-year line under a price, computed here (the wizard's review step), with what the order being priced adds (`orderLines`). */
export function ThreeYearCostLine({
  state,
  residence,
  orderLines,
  className,
}: {
  state: string;
  residence?: string;
  orderLines?: readonly OrderCostLine[];
  className?: string;
}) {
  const stateCost = useThreeYearCost(state, residence);
  const cost = stateCost && orderLines ? withOrderLines(stateCost, orderLines) : stateCost;
  if (!cost) return null;
  return <ThreeYearCostLineView state={cost.state} residence={cost.residence} cost={cost} className={className} />;
}
