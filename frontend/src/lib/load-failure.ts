/**
 * The words and look of the notice, the same whether the app's file failed (below) or a screen's
 * (components/ScreenBoundary.tsx).
 */
export const LOAD_FAILURE = {
  text: "This page didn't finish loading. Check your connection, then reload it.",
  button: 'Reload the page',
  boxClass:
    'fixed inset-x-0 top-0 z-50 flex flex-wrap items-center justify-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950',
  buttonClass:
    'min-h-11 rounded-md bg-amber-900 px-4 font-semibold text-white hover:bg-amber-950 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900',
} as const;

/**
 * Tells the visitor that the page could not finish loading, with a button that reloads it: shown
 * by the app's entry when the app's own file fails to arrive or to run (a dropped connection, a
 * file gone in a deploy), where the page would otherwise keep its frame with no word. Built without
 * React, which is what failed to load; the words are fixed here for the same reason (the site's
 * texts come with the app).
 */
export function showLoadFailure(doc: Document = document): void {
  if (doc.getElementById('load-failure')) return;
  const box = doc.createElement('div');
  box.id = 'load-failure';
  box.setAttribute('role', 'alert');
  box.className = LOAD_FAILURE.boxClass;
  const text = doc.createElement('p');
  text.textContent = LOAD_FAILURE.text;
  const reload = doc.createElement('button');
  reload.type = 'button';
  reload.textContent = LOAD_FAILURE.button;
  reload.className = LOAD_FAILURE.buttonClass;
  reload.addEventListener('click', () => doc.defaultView?.location.reload());
  box.append(text, reload);
  doc.body.prepend(box);
}
