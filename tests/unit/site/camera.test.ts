import { describe, expect, it } from 'vitest';
import { VIDEO_CONSTRAINTS, WEBCAM_SETTINGS } from '../../../src/lib/camera.ts';
import { fitWithinCamera } from '../../../src/lib/photo-file.ts';

describe('the camera the booth asks for', () => {
  it('is the front camera at an ideal 3000x2400', () => {
    expect(VIDEO_CONSTRAINTS).toEqual({ facingMode: 'user', width: { ideal: 3000 }, height: { ideal: 2400 } });
  });
});

describe('a photo chosen from the device', () => {
  it('is scaled down to fit 3000x2400 in its own orientation', () => {
    expect(fitWithinCamera(6000, 4000)).toEqual({ width: 3000, height: 2000 });
    expect(fitWithinCamera(4000, 6000)).toEqual({ width: 2000, height: 3000 });
    expect(fitWithinCamera(4000, 3000)).toEqual({ width: 3000, height: 2250 });
    expect(fitWithinCamera(3000, 3000)).toEqual({ width: 2400, height: 2400 });
    expect(fitWithinCamera(8000, 7000)).toEqual({ width: 2743, height: 2400 });
  });

  it('is never enlarged', () => {
    expect(fitWithinCamera(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithinCamera(3000, 2400)).toEqual({ width: 3000, height: 2400 });
  });
});

describe('the photo taken by the camera island', () => {
  /** A 2D context that follows translate and scale and records each drawImage's transform. */
  function recordingCanvas() {
    const drawn: { a: number; e: number; x: number; w: number }[] = [];
    let [a, e] = [1, 0];
    const context = {
      imageSmoothingEnabled: true,
      translate: (x: number) => {
        e += a * x;
      },
      scale: (sx: number) => {
        a *= sx;
      },
      drawImage: (_source: unknown, x: number, _y: number, w: number) => drawn.push({ a, e, x, w }),
    };
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => context,
      toDataURL: (type: string) => `data:${type};base64,`,
    };
    return { canvas, drawn };
  }

  async function screenshot(settings: Record<string, unknown>) {
    const { default: Webcam } = await import('react-webcam');
    const { canvas, drawn } = recordingCanvas();
    const before = (globalThis as { document?: unknown }).document;
    (globalThis as { document?: unknown }).document = { createElement: () => canvas };
    try {
      const webcam = new Webcam(settings as never) as unknown as {
        state: object;
        video: object;
        getScreenshot(): string | null;
      };
      webcam.state = { hasUserMedia: true };
      webcam.video = { videoWidth: 640, videoHeight: 480, clientWidth: 320 };
      return { shot: webcam.getScreenshot(), canvas, drawn };
    } finally {
      (globalThis as { document?: unknown }).document = before;
    }
  }

  it("is the camera's true image at the stream's full size, not the mirrored preview", async () => {
    const { shot, canvas, drawn } = await screenshot({ ...WEBCAM_SETTINGS });
    expect(shot).toMatch(/^data:image\/jpeg;/);
    expect([canvas.width, canvas.height]).toEqual([640, 480]);
    // The camera's left edge lands on the photo's left edge: drawn with no flip.
    expect(drawn).toEqual([{ a: 1, e: 0, x: 0, w: 640 }]);
  });

  it("would be mirrored with react-webcam's own `mirrored` (what the booth did before)", async () => {
    const { drawn } = await screenshot({ ...WEBCAM_SETTINGS, mirrored: true });
    expect(drawn).toEqual([{ a: -1, e: 640, x: 0, w: 640 }]);
  });
});
