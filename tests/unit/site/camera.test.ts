import { describe, expect, it } from 'vitest';
import { VIDEO_CONSTRAINTS } from '../../../src/lib/camera.ts';
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
