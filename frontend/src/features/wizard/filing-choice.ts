import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

/**
 * The filing state the visitor chose themselves (the pricing page's "Start in Texas", or the
 * "Want to file in a different state?" selector), kept beside the wizard data: while it is the
 * filing state, the wizard's answers do not replace it (shared/wizard/filing-state.ts), and it is
 * labelled as the visitor's choice, not as a recommendation.
 */
const listeners = new Set<() => void>();

function read(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.chosenState) ?? '';
  } catch {
    return '';
  }
}

export function setChosenState(code: string | undefined): void {
  try {
    if (code) localStorage.setItem(STORAGE_KEYS.chosenState, code);
    else localStorage.removeItem(STORAGE_KEYS.chosenState);
  } catch {}
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `state` is the visitor's own choice. */
export function useChosenState(state: string): boolean {
  const chosen = useSyncExternalStore(subscribe, read, () => '');
  return chosen !== '' && chosen === state;
}
