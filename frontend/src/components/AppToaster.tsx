import { Toaster, type ToasterProps } from 'sonner';
import { DIALOG_TOASTER_ID, TOAST_DURATION_MS } from '../lib/toast.ts';

/** Toasts start below the sticky header (64 px high), so they never cover its links and menu. */
const BELOW_HEADER = { top: 76 };

const COMMON: ToasterProps = {
  position: 'top-center',
  visibleToasts: 1,
  duration: TOAST_DURATION_MS,
  richColors: true,
  closeButton: true,
  offset: BELOW_HEADER,
  mobileOffset: BELOW_HEADER,
};

/** The one toast outlet: one toast visible at a time, 5000 ms each (docs/product.md section 9). */
export default function AppToaster() {
  return <Toaster {...COMMON} />;
}

/**
 * The toast outlet of a modal dialog: rendered inside the dialog, so its toasts are in the top
 * layer with it, above the backdrop (lib/toast.ts sends toasts here while the dialog is open).
 */
export function DialogToaster() {
  return (
    <div data-dialog-toasts="">
      <Toaster {...COMMON} id={DIALOG_TOASTER_ID} />
    </div>
  );
}
