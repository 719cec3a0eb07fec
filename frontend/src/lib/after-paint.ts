import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { afterNextPaint } from './first-paint.ts';

/**
 * False until the frame that shows the calling component has been painted, then true. A screen
 * renders what is below its first view only then, so that the code and data it loads for that
 * part do not compete with the first view for the network and the processor (the order page's
 * sections, docs/decisions/0394-order-page-sections-after-its-heading.md), or at once in a tab
 * that is not shown (`afterNextPaint`).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  // As a transition: the rest renders in slices the browser can answer a tap between.
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * `value`, held back (undefined) while its first arrival renders in a transition: a screen's first
 * render from its data (the checkout, the order) then comes in slices a tap can come between,
 * instead of one long task, while the screen keeps its skeleton (docs/decisions/0440). Once shown,
 * every later value (a save's answer) is shown at once, as before.
 */
export function useShownInTransition<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
