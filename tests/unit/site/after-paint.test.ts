import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../src/lib/after-paint.ts';

describe('work put off until the next frame has been painted', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => {};
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a task after the next frame, not before it', () => {
    const run = vi.fn();
    afterPaint(run);
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    frames[0]!(0);
    // The frame callback runs before that frame is painted: the work waits one task more.
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledOnce();
  });

  it('does not run once cancelled, before or after the frame', () => {
    const early = vi.fn();
    afterPaint(early)();
    frames[0]!(0);
    vi.runAllTimers();
    expect(early).not.toHaveBeenCalled();

    const late = vi.fn();
    const cancel = afterPaint(late);
    frames[1]!(0);
    cancel();
    vi.runAllTimers();
    expect(late).not.toHaveBeenCalled();
  });
});
