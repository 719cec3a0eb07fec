import { useEffect, useState } from 'react';

/**
 * False until the frame that shows the calling component has been painted, then true. A screen
 * renders what is below its first view only then, so that the code and data it loads for that
 * part do not compete with the first view for the network and the processor (the order page's
 * sections, docs/decisions/0394-order-page-sections-after-its-heading.md). A callback queued
 * from requestAnimationFrame runs after that frame's paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
