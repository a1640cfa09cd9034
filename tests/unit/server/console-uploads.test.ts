// What a console upload is, read from its bytes.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { checkUpload, sniff } from '../../../server/admin/uploads.ts';

const limits = { imageBytes: 1024 * 1024, videoBytes: 1024 * 1024, maxPixels: 1_000_000 };

describe('console uploads', () => {
  it('are typed by their magic bytes, not their name', () => {
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniff(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toBe('png');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniff(Buffer.from('\0\0\0\x20ftypisom', 'latin1'))).toBe('mp4');
    expect(sniff(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe('webm');
    expect(sniff(Buffer.from('<!-- x --><svg onload="alert(1)"/>'))).toBe('svg');
    expect(sniff(Buffer.from('GIF89a'))).toBeNull();
  });

  it('are re-encoded: a logo as PNG with its transparency, a background as JPEG', async () => {
    const webp = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#00ff0080' } })
      .webp()
      .toBuffer();
    const logo = await checkUpload('logo', webp, limits);
    expect(logo.ok && sniff(logo.data)).toBe('png');
    expect(logo.ok && (await sharp(logo.data).metadata()).hasAlpha).toBe(true);
    const background = await checkUpload('background', webp, limits);
    expect(background.ok && sniff(background.data)).toBe('jpeg');
  });

  it('refuses more pixels than the limit, and more bytes', async () => {
    const big = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await checkUpload('logo', big, limits)).toEqual({
      ok: false,
      status: 400,
      error: 'The image is too large (1200×1000); the limit is 1 megapixels.',
    });
    expect(await checkUpload('video', Buffer.alloc(2 * 1024 * 1024), limits)).toMatchObject({ ok: false, status: 413 });
  });
});
