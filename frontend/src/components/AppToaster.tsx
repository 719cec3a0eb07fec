import { useEffect, useSyncExternalStore } from 'react';
import { Toaster, type ToasterProps, useSonner } from 'sonner';
import { DIALOG_TOASTER_ID, TOAST_DURATION_MS, toastOutletMounted } from '../lib/toast.ts';

/** Toasts start below the sticky header (64 px high), so they never cover its links and menu. */
const HEADER_GAP = 12;
const BELOW_HEADER = { top: 64 + HEADER_GAP };

/**
 * Phones: a phone's screen is mostly the content being read, and a toast over it (at the top, or
 * at the bottom over the form's buttons) hid it for 5 s. There the toast takes room in the page
 * instead: while it shows, the page's content moves down by the toast's height (the `main` after
 * the site header gets a top margin, index.css), so the toast sits in the space it freed under
 * the header and covers nothing that was visible. The browser's scroll anchoring is off meanwhile,
 * so the content moves on screen even when the page is scrolled. The space is only added or
 * removed while no pointer is held down, so a control never moves under a press.
 */
const PHONE = '(max-width: 639px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhone = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(PHONE).matches);

const common: ToasterProps = {
  position: 'top-center',
  visibleToasts: 1,
  duration: TOAST_DURATION_MS,
  richColors: true,
  closeButton: true,
  offset: BELOW_HEADER,
  mobileOffset: { ...BELOW_HEADER, left: 12, right: 12 },
};

/** The page's toast that is showing (not the one leaving), in the site's outlet. */
const frontToast = () => document.querySelector<HTMLElement>('[data-site-toasts] [data-sonner-toast][data-front="true"]:not([data-removed="true"])');

/** Makes room for the site's toast on phones: --toast-space on <html>, read by index.css. */
function usePhoneToastSpace(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    let pressed = false;
    let pending: number | undefined;
    const apply = (space: number) => {
      if (pressed) {
        pending = space;
        return;
      }
      pending = undefined;
      if (space > 0) {
        root.style.setProperty('--toast-space', `${Math.ceil(space)}px`);
        root.setAttribute('data-toast-space', '');
      } else {
        root.style.removeProperty('--toast-space');
        root.removeAttribute('data-toast-space');
      }
    };
    const measure = () => {
      const toast = frontToast();
      apply(toast ? toast.getBoundingClientRect().height + 2 * HEADER_GAP : 0);
    };
    const press = () => {
      pressed = true;
    };
    const release = () => {
      pressed = false;
      if (pending !== undefined) apply(pending);
    };
    window.addEventListener('pointerdown', press, true);
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    // Toasts come, change height (a longer description) and leave: measure on each change.
    const outlet = document.querySelector('[data-site-toasts]');
    const mutations = new MutationObserver(measure);
    if (outlet) mutations.observe(outlet, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-front', 'data-removed'] });
    const sizes = new ResizeObserver(measure);
    if (outlet) sizes.observe(outlet);
    measure();
    return () => {
      window.removeEventListener('pointerdown', press, true);
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      mutations.disconnect();
      sizes.disconnect();
      pressed = false;
      apply(0);
    };
  }, [active]);
}

/** The one toast outlet: one toast visible at a time, 5000 ms each (docs/product.md section 9). */
export default function AppToaster() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  const { toasts } = useSonner();
  usePhoneToastSpace(phone && toasts.some((t) => t.toasterId === undefined));
  // After the library's own outlet has subscribed (a child's effect runs first): toasts waiting
  // for it are shown now.
  useEffect(() => toastOutletMounted(), []);
  return (
    <div data-site-toasts="">
      <Toaster {...common} />
    </div>
  );
}

/**
 * The toast outlet of a modal dialog: rendered inside the dialog, so its toasts are in the top
 * layer with it, above the backdrop (lib/toast.ts sends toasts here while the dialog is open).
 */
export function DialogToaster() {
  return (
    <div data-dialog-toasts="">
      <Toaster {...common} id={DIALOG_TOASTER_ID} />
    </div>
  );
}
