import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShownInTransition } from './after-paint.ts';

/** Every [input, output] pair the hook rendered with. */
function track() {
  const renders: [string | undefined, string | undefined][] = [];
  const hook = renderHook(
    ({ value }: { value: string | undefined }) => {
      const shown = useShownInTransition(value);
      renders.push([value, shown]);
      return shown;
    },
    { initialProps: { value: undefined as string | undefined } },
  );
  return { renders, hook };
}

describe('useShownInTransition', () => {
  it('holds the first value back for one urgent render, then shows it from the deferred (transition) render', async () => {
    const { renders, hook } = track();
    await act(async () => hook.rerender({ value: 'order' }));
    // The urgent render still shows nothing (the skeleton); the transition's render shows the value.
    expect(renders).toContainEqual(['order', undefined]);
    expect(renders.at(-1)).toEqual(['order', 'order']);
    expect(hook.result.current).toBe('order');
  });

  it('shows every later value in the same render it arrives in (a save never stands beside the old values)', async () => {
    const { renders, hook } = track();
    await act(async () => hook.rerender({ value: 'order' }));
    const before = renders.length;
    await act(async () => hook.rerender({ value: 'saved' }));
    const after = renders.slice(before);
    expect(after.length).toBeGreaterThan(0);
    for (const [input, shown] of after) expect(shown).toBe(input);
  });
});
