import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../lib/toast.ts';

/** The one toast outlet: one toast visible at a time, 5000 ms each (docs/product.md section 9). */
export default function AppToaster() {
  return <Toaster position="top-center" visibleToasts={1} duration={TOAST_DURATION_MS} richColors closeButton />;
}
