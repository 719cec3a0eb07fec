import { lazy, Suspense } from 'react';
import type { OrderCostLine } from '#shared/state-facts/order-cost.ts';

/**
 * The three-year cost where it is not part of a page's first view (the wizard's review step and
 * home-state comparison): its module carries the states' fee, tax and due-date data (about 18 KB
 * gzip), kept out of those pages' first download. `preloadThreeYearCost` fetches it ahead, so it
 * is there when needed. (The checkout asks the API for its one state's figures instead.)
 */
type ThreeYearCostModule = typeof import('./ThreeYearCost.tsx');
let loading: Promise<ThreeYearCostModule> | undefined;

export function preloadThreeYearCost(): Promise<ThreeYearCostModule> {
  loading ??= import('./ThreeYearCost.tsx');
  return loading;
}

const Line = lazy(() => preloadThreeYearCost().then((m) => ({ default: m.ThreeYearCostLine })));

/** The three-year line, shown once its module is there (nothing before: it is never in a first view). */
export function LazyThreeYearCostLine(props: { state: string; residence?: string; orderLines?: readonly OrderCostLine[]; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Line {...props} />
    </Suspense>
  );
}
