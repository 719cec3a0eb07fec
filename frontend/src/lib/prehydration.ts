import { type RefObject, useEffect, useRef } from 'react';

/**
 * A prerendered page's controls (the pricing page's search and sort) work from the first paint,
 * before the app, loaded at once, has hydrated them; React does not replay what a visitor typed or chose meanwhile: the value is in the control,
 * not in the state. At mount, the control's value is handed to `adopt` once; on a page rendered
 * in the browser the control holds the state's value already, so adopting it changes nothing.
 */
export function useAdoptValueAtMount(ref: RefObject<HTMLInputElement | HTMLSelectElement | null>, adopt: (value: string) => void): void {
  const adoptRef = useRef(adopt);
  adoptRef.current = adopt;
  useEffect(() => {
    const value = ref.current?.value;
    if (value !== undefined) adoptRef.current(value);
  }, [ref]);
}
