import type { PageData } from './page-data.ts';
import { SAVED_ANSWER_KEYS } from './storage-keys.ts';

/**
 * Whether the browser hydrates the prerendered HTML in `#root` (frontend/src/main.tsx) or renders
 * the page afresh. A prerendered page is rendered as a visitor with nothing saved sees it; where
 * it shows what a browser saved (the wizard's first step: `showsSavedAnswers` in
 * shared/site/pages.ts, carried in its page data) and this browser has saved answers, hydrating
 * would keep the empty form's HTML as theirs, so it is rendered in the browser instead, from what
 * is saved, as every other screen is.
 */
export function hydratesPrerenderedHtml(root: Element, data: PageData, storage: Pick<Storage, 'getItem'> | undefined): boolean {
  if (!root.firstElementChild) return false;
  return !(data.showsSavedAnswers && hasSavedAnswers(storage));
}

function hasSavedAnswers(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return SAVED_ANSWER_KEYS.some((key) => Boolean(storage?.getItem(key)));
  } catch {
    // Storage refused (a privacy mode): nothing saved can be read, so the empty form is theirs.
    return false;
  }
}

/** This browser's localStorage, or undefined where reading it throws. */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
