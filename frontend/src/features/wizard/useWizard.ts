import { useCallback, useEffect, useRef, useState } from 'react';
import type { WizardData } from '#shared/wizard/data.schema.ts';
import { savableFields, type WizardField } from '#shared/wizard/steps.ts';
import { toast } from '../../lib/toast.ts';
import { loadWizardData, saveWizardData } from '../../lib/wizard-storage.ts';
import { type FieldErrors, serverFieldErrors } from './field-errors.ts';
import { saveWizard } from './wizard-api.ts';

/** docs/product.md section 9: autosave 2 seconds after the last change. */
export const AUTOSAVE_DELAY_MS = 2000;

/** Autosave starts once the visitor has given a name or an email. */
export function hasIdentity(data: WizardData): boolean {
  return Boolean(data.firstName.trim() || data.lastName.trim() || data.email.trim());
}

/**
 * What an autosave sends: the fields the shared schema accepts (a value the visitor is still
 * fixing stays in the browser, with its sentence beside it, instead of failing the whole save).
 * A submitted application is saved whole or not at all, so it never loses a field it was submitted with.
 */
export function autosaveBody(data: WizardData): Partial<WizardData> | undefined {
  const savable = savableFields(data);
  if (!data.completed) return savable;
  return Object.keys(savable).length === Object.keys(data).length ? savable : undefined;
}

/**
 * The wizard's data: kept in browser storage on every change and saved to the server 2 s after
 * the last change (POST first, PATCH after). Saves run one at a time, in order. A save the server
 * refuses with sentences about fields marks those fields (`serverErrors`) instead of a toast.
 */
export function useWizard() {
  const [data, setData] = useState<WizardData>(loadWizardData);
  const [changes, setChanges] = useState(0);
  const dataRef = useRef(data);
  dataRef.current = data;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const paused = useRef(false);

  // Kept from the first change on: a visit that changes nothing leaves nothing behind, and the
  // browser stays a new visitor's. What was loaded from storage is there already.
  const loaded = useRef(data);
  useEffect(() => {
    if (data !== loaded.current) saveWizardData(data);
  }, [data]);

  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const update = useCallback((patch: Partial<WizardData>) => {
    setData((prev) => ({ ...prev, ...patch }));
    setChanges((n) => n + 1);
    // A changed field is the visitor's answer to what the server said about it.
    setServerErrors((prev) => {
      if (!Object.keys(patch).some((field) => field in prev)) return prev;
      const next = { ...prev };
      for (const field of Object.keys(patch)) delete next[field as WizardField];
      return next;
    });
  }, []);

  /** Shows the server's sentences beside their fields. */
  const markServerErrors = useCallback((errors: FieldErrors) => setServerErrors((prev) => ({ ...prev, ...errors })), []);

  const enqueueSave = useCallback(
    (snapshot: WizardData) => {
      const body = autosaveBody(snapshot);
      if (!body) return queue.current;
      const run = queue.current.then(() =>
        saveWizard(body).catch((err: unknown) => {
          const marked = serverFieldErrors(err);
          if (!marked) {
            toast('Error', 'Failed to save your application. Please try again.', 'error');
            return;
          }
          // Only what still holds the value the server judged (the visitor may have fixed it since).
          const current = dataRef.current;
          const stillThere = Object.entries(marked).filter(([field]) => current[field as WizardField] === snapshot[field as WizardField]);
          if (stillThere.length) markServerErrors(Object.fromEntries(stillThere));
        }),
      );
      queue.current = run;
      return run;
    },
    [markServerErrors],
  );

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

  return { data, update, settle, resume, replace, serverErrors, markServerErrors };
}
