// The limits of a console upload, told before a file is chosen and checked in the browser with
// the numbers the server enforces.
import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_IMAGE_BYTES, uploadHint, uploadProblem } from '../../../contract/upload-limits.ts';
import { loadSettings } from '../../../server/process/settings.ts';

const limits = { imageBytes: DEFAULT_UPLOAD_IMAGE_BYTES, videoBytes: 50 * 1024 * 1024 };

describe('upload limits', () => {
  it("are the server settings' defaults", () => {
    const settings = loadSettings({});
    expect(settings.consoleImageBytes).toBe(limits.imageBytes);
    expect(settings.consoleVideoBytes).toBe(limits.videoBytes);
  });

  it('are told before a file is chosen', () => {
    expect(uploadHint('logo', limits)).toBe('A PNG, JPEG or WebP image; at most 10 MB.');
    expect(uploadHint('video', limits)).toBe('An MP4 or WebM video; at most 50 MB.');
    expect(uploadHint('frame', limits)).toMatch(
      /^A PNG with a transparent window, 512 to 4096 px on each side, .*; at most 10 MB\.$/,
    );
  });

  it('refuse a file over its size or of another type before it is sent', () => {
    expect(uploadProblem('background', { size: 28 * 1024 * 1024, type: 'image/jpeg' }, limits)).toBe(
      'The file is 28 MB; the limit is 10 MB. Choose a smaller one.',
    );
    expect(uploadProblem('frame', { size: 1000, type: 'image/jpeg' }, limits)).toBe(
      'That file is not a PNG with a transparent window; choose one.',
    );
    expect(uploadProblem('logo', { size: 1000, type: 'image/svg+xml' }, limits)).toMatch(
      /^SVG images are not accepted/,
    );
    expect(uploadProblem('video', { size: 0, type: 'video/mp4' }, limits)).toBe('The file is empty; choose another.');
    expect(uploadProblem('logo', { size: 1000, type: 'image/png' }, limits)).toBeNull();
    // A browser that cannot tell the type: the server reads the bytes.
    expect(uploadProblem('logo', { size: 1000, type: '' }, limits)).toBeNull();
  });
});
