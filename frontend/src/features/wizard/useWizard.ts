import { useCallback, useEffect, useRef, useState } from 'react';
import type { WizardData } from '#shared/wizard/schema.ts';
import { toast } from '../../lib/toast.ts';
import { saveWizard } from './wizard-api.ts';
import { loadWizardData, saveWizardData } from './wizard-storage.ts';

/** docs/product.md section 9: autosave 2 seconds after the last change. */
export const AUTOSAVE_DELAY_MS = 2000;

/** Autosave starts once the visitor has given a name or an email. */
export function hasIdentity(data: WizardData): boolean {
  return Boolean(data.firstName.trim() || data.lastName.trim() || data.email.trim());
}

/**
 * The wizard's data: kept in browser storage on every change and saved to the server 2 s after
 * the last change (POST first, PATCH after). Saves run one at a time, in order.
 */
export function useWizard() {
  const [data, setData] = useState<WizardData>(loadWizardData);
  const [changes, setChanges] = useState(0);
  const dataRef = useRef(data);
  dataRef.current = data;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const paused = useRef(false);

  useEffect(() => saveWizardData(data), [data]);

  const update = useCallback((patch: Partial<WizardData>) => {
    setData((prev) => ({ ...prev, ...patch }));
    setChanges((n) => n + 1);
  }, []);

  const enqueueSave = useCallback((snapshot: WizardData) => {
    const run = queue.current.then(() =>
      saveWizard(snapshot).catch(() => {
        toast('Error', 'Failed to save your application. Please try again.', 'error');
      }),
    );
    queue.current = run;
    return run;
  }, []);

  useEffect(() => {
    if (changes === 0 || paused.current || !hasIdentity(dataRef.current)) return;
    const timer = setTimeout(() => void enqueueSave(dataRef.current), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changes, enqueueSave]);

  /** Stops autosave and waits for saves in flight (before the final submission). */
  const settle = useCallback(async () => {
    paused.current = true;
    await queue.current;
  }, []);
  const resume = useCallback(() => {
    paused.current = false;
  }, []);

  /** Replaces the stored data without scheduling a save (after submission). */
  const replace = useCallback((next: WizardData) => setData(next), []);

  return { data, update, settle, resume, replace };
}
