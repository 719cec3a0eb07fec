import { useSyncExternalStore } from 'react';
import { Toaster, type ToasterProps } from 'sonner';
import { DIALOG_TOASTER_ID, TOAST_DURATION_MS } from '../lib/toast.ts';

/** Toasts start below the sticky header (64 px high), so they never cover its links and menu. */
const BELOW_HEADER = { top: 76 };

/**
 * A phone's screen is mostly the content being read: there a toast at the top covered the page's
 * first lines for 5 s. On phones toasts rise from the bottom edge instead (a swipe dismisses one).
 */
const PHONE = '(max-width: 639px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhone = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(PHONE).matches);

function useCommon(): ToasterProps {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return {
    position: phone ? 'bottom-center' : 'top-center',
    visibleToasts: 1,
    duration: TOAST_DURATION_MS,
    richColors: true,
    closeButton: true,
    offset: BELOW_HEADER,
    mobileOffset: phone ? { bottom: 12 } : BELOW_HEADER,
  };
}

/** The one toast outlet: one toast visible at a time, 5000 ms each (docs/product.md section 9). */
export default function AppToaster() {
  return <Toaster {...useCommon()} />;
}

/**
 * The toast outlet of a modal dialog: rendered inside the dialog, so its toasts are in the top
 * layer with it, above the backdrop (lib/toast.ts sends toasts here while the dialog is open).
 */
export function DialogToaster() {
  return (
    <div data-dialog-toasts="">
      <Toaster {...useCommon()} id={DIALOG_TOASTER_ID} />
    </div>
  );
}
