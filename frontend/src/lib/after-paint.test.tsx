import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint, useShownInTransition } from './after-paint.ts';

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

describe('useAfterFirstPaint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('is false until the frame has been painted, then true; a hidden tab does not wait; an unmounted one never sets it', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
    const shown = renderHook(() => useAfterFirstPaint());
    expect(shown.result.current).toBe(false);
    await act(async () => {
      for (const frame of frames.splice(0)) frame(0);
      vi.runAllTimers();
    });
    expect(shown.result.current).toBe(true);

    const gone = renderHook(() => useAfterFirstPaint());
    gone.unmount();
    for (const frame of frames.splice(0)) frame(0);
    expect(vi.getTimerCount()).toBe(0);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const hidden = renderHook(() => useAfterFirstPaint());
    await act(async () => {});
    expect(hidden.result.current).toBe(true);
  });
});
