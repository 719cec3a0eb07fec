import { toast as sonner } from 'sonner';

/** Toasts: one visible at a time, shown 5000 ms (docs/product.md section 9). Title + description. */
export const TOAST_DURATION_MS = 5000;

export function toast(title: string, description?: string, variant: 'default' | 'error' | 'success' = 'default'): void {
  sonner.dismiss();
  const opts = { description, duration: TOAST_DURATION_MS };
  if (variant === 'error') sonner.error(title, opts);
  else if (variant === 'success') sonner.success(title, opts);
  else sonner(title, opts);
}
