/**
 * Runs `run` once the page's HTML has been parsed: at once when it has, else on DOMContentLoaded.
 * The app's entry is an async script, which may run while the parser is still at work.
 */
export function afterParse(run: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}

/**
 * Runs `run` once, after the page's next frame has been painted (a callback queued from
 * requestAnimationFrame runs after that frame's paint), or at once when the page is not shown: a
 * tab opened in the background paints nothing until it is shown, and its app should not wait for
 * that. The app's entry starts the app this way (frontend/src/main.tsx, docs/decisions/0441), and
 * a screen its parts below the first view (`useAfterFirstPaint`). Returns a function that cancels
 * the run if it has not happened yet.
 */
export function afterNextPaint(run: () => void): () => void {
  let done = false;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onHidden = () => {
    if (document.visibilityState === 'hidden') once();
  };
  const cancel = () => {
    done = true;
    document.removeEventListener('visibilitychange', onHidden);
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  function once() {
    if (done) return;
    cancel();
    run();
  }
  if (document.visibilityState === 'hidden') {
    once();
    return cancel;
  }
  document.addEventListener('visibilitychange', onHidden);
  frame = requestAnimationFrame(() => {
    if (!done) timer = setTimeout(once, 0);
  });
  return cancel;
}
