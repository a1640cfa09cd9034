import { describe, expect, it } from 'vitest';
import { openCamera } from '../../../src/lib/camera.ts';

describe('opening the camera', () => {
  it("reports 'getUserMedia not supported' where the browser has no camera API", async () => {
    await expect(openCamera(undefined)).rejects.toBe('getUserMedia not supported');
    await expect(openCamera({} as MediaDevices)).rejects.toBe('getUserMedia not supported');
  });
  it('asks for the front camera at an ideal 3000x2400, without audio', async () => {
    const asked: MediaStreamConstraints[] = [];
    const stream = {} as MediaStream;
    const media = { getUserMedia: async (c?: MediaStreamConstraints) => (asked.push(c!), stream) };
    expect(await openCamera(media)).toBe(stream);
    expect(asked).toEqual([{ video: { facingMode: 'user', width: { ideal: 3000 }, height: { ideal: 2400 } }, audio: false }]);
  });
  it("passes on the browser's refusal", async () => {
    const refusal = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    await expect(openCamera({ getUserMedia: () => Promise.reject(refusal) })).rejects.toBe(refusal);
  });
});
