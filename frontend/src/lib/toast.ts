import { toast as sonner } from 'sonner';

/** Toasts: one visible at a time, shown 5000 ms (docs/product.md section 9). Title + description. */
export const TOAST_DURATION_MS = 5000;
/** The outlet inside an open modal dialog (components/AppToaster.tsx DialogToaster). */
export const DIALOG_TOASTER_ID = 'dialog';

/** While a modal dialog with its own outlet is open, toasts go there: above its backdrop, not under it. */
function toasterId(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector('dialog[open] [data-dialog-toasts]') ? DIALOG_TOASTER_ID : undefined;
}

export function toast(title: string, description?: string, variant: 'default' | 'error' | 'success' = 'default'): void {
  sonner.dismiss();
  const opts = { description, duration: TOAST_DURATION_MS, toasterId: toasterId() };
  if (variant === 'error') sonner.error(title, opts);
  else if (variant === 'success') sonner.success(title, opts);
  else sonner(title, opts);
}
