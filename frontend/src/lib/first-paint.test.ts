import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterParse } from './first-paint.ts';

const visibility = (state: DocumentVisibilityState) => vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('runs after the next frame, in a task of its own, once', () => {
    vi.useFakeTimers();
    visibility('visible');
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frame = cb;
      return 1;
    });
    const run = vi.fn();
    afterNextPaint(run);
    expect(run).not.toHaveBeenCalled();
    frame?.(0);
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a hidden tab, and when the tab is hidden before its frame', () => {
    visibility('hidden');
    const hidden = vi.fn();
    afterNextPaint(hidden);
    expect(hidden).toHaveBeenCalledTimes(1);

    const state = visibility('visible');
    vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(1);
    const later = vi.fn();
    afterNextPaint(later);
    expect(later).not.toHaveBeenCalled();
    state.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(later).toHaveBeenCalledTimes(1);
  });
});

describe('afterNextPaint, cancelled', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('never runs once cancelled, before its frame or between the frame and its task', () => {
    vi.useFakeTimers();
    visibility('visible');
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const cancelFrame = vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});

    const before = vi.fn();
    afterNextPaint(before)();
    expect(cancelFrame).toHaveBeenCalledWith(1);
    const between = vi.fn();
    const cancel = afterNextPaint(between);
    for (const frame of frames) frame(0);
    cancel();
    vi.runAllTimers();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(before).not.toHaveBeenCalled();
    expect(between).not.toHaveBeenCalled();
  });
});

describe('afterParse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for DOMContentLoaded while the parser is at work, once', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const run = vi.fn();
    afterParse(run);
    expect(run).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a parsed page', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const run = vi.fn();
    afterParse(run);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
