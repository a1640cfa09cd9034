// Photos as phones send them, read at the edge: turned upright by their EXIF orientation (the
// create call's check and the console's uploads alike), and an interlaced or 16-bit PNG whose
// decoding would cost seconds refused from its header, at once.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkUpload } from '../../../server/admin/uploads.ts';
import { checkHeader, checkPixels } from '../../../server/intake/upload-check.ts';
import { ORIENTATIONS, storedWithOrientation } from '../../support/exif-orientations.ts';
import { fixture } from '../../integration/server/support/client.ts';

const limits = { maxPixels: 40_000_000, storedLongSide: 3072 };

async function apart(a: Buffer | Uint8Array, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all(
    [a, b].map((i) => sharp(i).resize(64, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer()),
  );
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

describe('a photo stored under each EXIF orientation', () => {
  it("is stored upright by the create call's check, without the tag, its size as seen", async () => {
    const upright = await sharp(fixture('grace_hopper.jpg')).resize(300).jpeg().toBuffer();
    const { width, height } = await sharp(upright).metadata();
    for (const o of ORIENTATIONS) {
      const stored = await storedWithOrientation(upright, o);
      const photo = await checkPixels(stored, 'jpg', await checkHeader(stored, 'jpg', limits.maxPixels), limits);
      const meta = await sharp(photo.data).metadata();
      expect([photo.width, photo.height, meta.width, meta.height], `orientation ${o}`).toEqual([
        width,
        height,
        width,
        height,
      ]);
      expect(meta.orientation ?? 1).toBe(1);
      expect(await apart(photo.data, upright), `orientation ${o}`).toBeLessThan(6);
    }
  });

  it("is stored upright by the console's uploads", async () => {
    const upright = await sharp(fixture('grace_hopper.jpg')).resize(300).jpeg().toBuffer();
    for (const o of ORIENTATIONS) {
      const checked = await checkUpload('background', await storedWithOrientation(upright, o), {
        imageBytes: 1e7,
        videoBytes: 1e7,
        maxPixels: 4e7,
      });
      expect(checked.ok).toBe(true);
      if (checked.ok) expect(await apart(checked.data, upright), `orientation ${o}`).toBeLessThan(6);
    }
  });
});

describe('an interlaced PNG', () => {
  it('is refused from its header when its pixels would cost seconds to decode, with the sentence', async () => {
    const png = await sharp({ create: { width: 6320, height: 6320, channels: 3, background: '#7a8a9a' } })
      .toColourspace('rgb16')
      .png({ progressive: true })
      .toBuffer();
    const started = performance.now();
    await expect(checkHeader(png, 'png', limits.maxPixels)).rejects.toThrow(
      'The photo is too large (6320x6320) for an interlaced 16-bit PNG; the limit is 6 megapixels. Please send it as a JPEG.',
    );
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("is taken when a screenshot's size, as a plain PNG of any size within the limit is", async () => {
    const screenshot = await sharp({ create: { width: 1170, height: 2532, channels: 4, background: '#336699' } })
      .png({ progressive: true })
      .toBuffer();
    expect((await checkHeader(screenshot, 'png', limits.maxPixels)).width).toBe(1170);
    const plain = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect((await checkHeader(plain, 'png', limits.maxPixels)).width).toBe(6000);
  });
});

describe('a 16-bit PNG', () => {
  const flat = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#7a8a9a' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();

  it('is refused from its header past 12 megapixels, with the sentence', async () => {
    const png = await flat(6320, 6320);
    await expect(checkHeader(png, 'png', limits.maxPixels)).rejects.toThrow(
      'The photo is too large (6320x6320) for a 16-bit PNG; the limit is 12 megapixels. Please send it as a JPEG.',
    );
  });

  it('is taken up to 12 megapixels, and an 8-bit PNG as large as the pixel limit allows', async () => {
    expect((await checkHeader(await flat(4000, 3000), 'png', limits.maxPixels)).width).toBe(4000);
    const screenshot = await sharp({ create: { width: 6320, height: 6320, channels: 4, background: '#336699' } })
      .png()
      .toBuffer();
    expect((await checkHeader(screenshot, 'png', limits.maxPixels)).width).toBe(6320);
  });
});
