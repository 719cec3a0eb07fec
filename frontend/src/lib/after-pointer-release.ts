/**
 * A field's sentence appears when the field is left. Focus leaves a field on mouse-down on
 * another control, so a sentence shown at once pushes that control down while the button is
 * still held, and the mouse-up lands beside it: the click is lost (a radio just below an empty
 * required field). `afterPointerRelease` runs such a change once the pointer is released and
 * its click delivered; at once when no pointer is pressed (a Tab, a tap's blur, a script).
 */

let pressed = false;
let waiting: (() => void)[] = [];

function release() {
  if (!pressed) return;
  pressed = false;
  const run = waiting;
  waiting = [];
  // After the click that follows this pointer-up, which the browser dispatches in the same task.
  if (run.length)
    setTimeout(() => {
      for (const fn of run) fn();
    }, 0);
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (e) => {
      if (e.isPrimary) pressed = true;
    },
    true,
  );
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  // A press that ended outside the window (no pointer-up here) must not hold sentences back.
  window.addEventListener('blur', release);
}

export function afterPointerRelease(fn: () => void): void {
  if (pressed) waiting.push(fn);
  else fn();
}
