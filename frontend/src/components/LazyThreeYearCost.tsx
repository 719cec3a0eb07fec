import { lazy, Suspense } from 'react';

/**
 * The three-year cost where it is not part of a page's first view (the wizard's review step and
 * home-state comparison): its module carries the states' fee, tax and due-date data (about 18 KB
 * gzip), which the wizard's first view does not need. `preloadThreeYearCost` fetches it once the
 * page is idle, so it is there by the time a visitor reaches it.
 */
const loadThreeYearCost = () => import('./ThreeYearCost.tsx');

export function preloadThreeYearCost(): void {
  void loadThreeYearCost();
}

const Line = lazy(() => loadThreeYearCost().then((m) => ({ default: m.ThreeYearCostLine })));

export function LazyThreeYearCostLine(props: { state: string; residence?: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Line {...props} />
    </Suspense>
  );
}
