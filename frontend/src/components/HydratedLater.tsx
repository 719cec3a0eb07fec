import { type ComponentType, memo, Suspense } from 'react';

/**
 * `Component` (a part of the page that takes no props: the site's header, its footer) as a
 * Suspense boundary of its own, so that React hydrates it after the rest of the page
 * (docs/decisions/0449). React leaves a boundary that is still the server's HTML in place and
 * hydrates it in a later pass at its lowest priority, after any update the page has scheduled
 * by then (an update that comes during that pass interrupts it, between two slices):
 * the page's own content (the order's status) is rendered from its data first, and the part
 * is the server's HTML, visible and unchanged, until then.
 *
 * The boundary is memoized: a re-render of the page passes it by. A new element there would
 * make React hydrate the boundary at once, at the update's priority, before the update.
 * Outside hydration (the app shell, a navigation) the part renders at once, as it would bare.
 */
export function hydratedLater(Component: ComponentType): ComponentType {
  const name = Component.displayName ?? Component.name;
  const Later = memo(function HydratedLater() {
    return (
      <Suspense fallback={null}>
        <Component />
      </Suspense>
    );
  });
  Later.displayName = `HydratedLater(${name})`;
  return Later;
}
