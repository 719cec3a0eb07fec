/** Toasts: one visible at a time, shown 5000 ms (docs/product.md section 9). Title + description. */
export const TOAST_DURATION_MS = 5000;
/** The outlet inside an open modal dialog (components/AppToaster.tsx DialogToaster). */
export const DIALOG_TOASTER_ID = 'dialog';
/**
 * How long after a page (other than the landing page) has opened its toast outlet is mounted even
 * though no toast has been raised: the library is then fetched off the first view, and is there
 * when an error needs saying on a network that has since dropped (`Toasts` in App.tsx).
 */
export const TOAST_OUTLET_AFTER_MS = 3000;

type ToastLibrary = typeof import('sonner');

let library: Promise<ToastLibrary> | undefined;
/**
 * The toast library, fetched once on first use: no page's first view needs it, so no page's first
 * view downloads or evaluates it (docs/decisions/0444). A failed fetch is tried again next time.
 */
export function loadToastLibrary(): Promise<ToastLibrary> {
  library ??= import('sonner').catch((err: unknown) => {
    library = undefined;
    throw err;
  });
  return library;
}

// Whether a toast has been raised (the outlet must be mounted), and who is told when one is.
let raised = false;
const listeners = new Set<() => void>();
export function subscribeToRaisedToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const toastRaised = (): boolean => raised;

// The site's outlet (components/AppToaster.tsx) says when it has mounted: a toast is handed to the
// library only then, so it is added to a live region that already exists and screen readers
// announce it.
let outletMounted: () => void = () => undefined;
const outlet = new Promise<void>((resolve) => {
  outletMounted = resolve;
});
export function toastOutletMounted(): void {
  outletMounted();
}

/** While a modal dialog with its own outlet is open, toasts go there: above its backdrop, not under it. */
function toasterId(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector('dialog[open] [data-dialog-toasts]') ? DIALOG_TOASTER_ID : undefined;
}

/**
 * Shows a toast, replacing the one showing. The outlet and the library may still be on their way:
 * toasts are shown in the order they were raised once both are there.
 */
export function toast(title: string, description?: string, variant: 'default' | 'error' | 'success' = 'default'): void {
  const opts = { description, duration: TOAST_DURATION_MS, toasterId: toasterId() };
  if (!raised) {
    raised = true;
    for (const listener of listeners) listener();
  }
  Promise.all([loadToastLibrary(), outlet]).then(
    ([{ toast: show }]) => {
      show.dismiss();
      if (variant === 'error') show.error(title, opts);
      else if (variant === 'success') show.success(title, opts);
      else show(title, opts);
    },
    () => undefined,
  );
}
