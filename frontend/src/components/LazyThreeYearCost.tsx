import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The three-year cost where it is not part of a page's first view (the wizard's review step and
 * home-state comparison), or where the page waits for its data anyway (the checkout): its module
 * carries the states' fee, tax and due-date data (about 18 KB gzip), kept out of those pages'
 * first download. `preloadThreeYearCost` fetches it ahead, so it is there when needed.
 */
type ThreeYearCostModule = typeof import('./ThreeYearCost.tsx');
let loaded: ThreeYearCostModule | undefined;
let loading: Promise<ThreeYearCostModule> | undefined;

export function preloadThreeYearCost(): Promise<ThreeYearCostModule> {
  loading ??= import('./ThreeYearCost.tsx').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

/**
 * The module once loaded: undefined while it loads (a page can wait with its own loading state),
 * null if it could not be loaded (the page goes on without the three-year line).
 */
export function useThreeYearCostModule(): ThreeYearCostModule | null | undefined {
  const [module, setModule] = useState<ThreeYearCostModule | null | undefined>(loaded);
  useEffect(() => {
    if (module !== undefined) return;
    let live = true;
    preloadThreeYearCost().then(
      (m) => live && setModule(m),
      () => live && setModule(null),
    );
    return () => {
      live = false;
    };
  }, [module]);
  return module;
}

const Line = lazy(() => preloadThreeYearCost().then((m) => ({ default: m.ThreeYearCostLine })));

/** The three-year line, shown once its module is there (nothing before: it is never in a first view). */
export function LazyThreeYearCostLine(props: { state: string; residence?: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Line {...props} />
    </Suspense>
  );
}
