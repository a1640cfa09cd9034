// A brand frame uploaded through the console: a PNG, large enough, with a transparent window in
// its middle and something opaque around it; each refusal a sentence the operator can act on.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { checkUpload, sniff } from '../../../server/admin/uploads.ts';
import { FRAME_MIN_SIDE } from '../../../contract/upload-limits.ts';

const limits = { imageBytes: 10 * 1024 * 1024, videoBytes: 1024, maxPixels: 40_000_000 };

/** A frame of `w`×`h`: an opaque band of `band` px around a transparent window (dest-out: an opaque cut-out clears). */
async function frame(w: number, h: number, band: number, { alpha = true, window = true } = {}) {
  const border = await sharp({ create: { width: w, height: h, channels: 4, background: '#c0392bff' } })
    .png()
    .toBuffer();
  if (!window) return alpha ? border : sharp(border).removeAlpha().png().toBuffer();
  const hole = await sharp({
    create: { width: w - 2 * band, height: h - 2 * band, channels: 4, background: '#000000ff' },
  })
    .png()
    .toBuffer();
  return sharp(border)
    .composite([{ input: hole, left: band, top: band, blend: 'dest-out' }])
    .png()
    .toBuffer();
}

describe('a frame upload', () => {
  it('takes a PNG with a transparent window and stores it as a PNG with its transparency', async () => {
    const ok = await checkUpload('frame', await frame(800, 1000, 60), limits);
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    expect(sniff(ok.data)).toBe('png');
    const { data, info } = await sharp(ok.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(255);
    expect(data[(500 * 800 + 400) * 4 + 3]).toBe(0);
  });

  it('refuses a JPEG: a frame needs transparency', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(await checkUpload('frame', jpeg, limits)).toEqual({
      ok: false,
      status: 415,
      error: 'A frame must be a PNG with a transparent window; that file is a JPEG.',
    });
  });

  it('refuses a frame too small to be stretched over a result', async () => {
    expect(await checkUpload('frame', await frame(300, 400, 20), limits)).toEqual({
      ok: false,
      status: 400,
      error: `The frame is 300×400 px; it needs at least ${FRAME_MIN_SIDE} px on each side, or it shows blurred on the results.`,
    });
  });

  it('refuses a PNG with no transparency', async () => {
    const result = await checkUpload('frame', await frame(800, 1000, 0, { alpha: false, window: false }), limits);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      error: expect.stringMatching(/^The frame has no transparent pixels; a frame needs a transparent window/),
    });
  });

  it('refuses a frame whose middle is covered, and one transparent almost everywhere', async () => {
    // Transparent only in a thin strip along the top: the guest would be covered.
    const strip = await sharp(await frame(800, 1000, 0, { window: false }))
      .composite([
        {
          input: await sharp({ create: { width: 800, height: 100, channels: 4, background: '#000000ff' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
          blend: 'dest-out',
        },
      ])
      .png()
      .toBuffer();
    expect(await checkUpload('frame', strip, limits)).toMatchObject({
      ok: false,
      status: 400,
      error: expect.stringMatching(/^The middle of the frame is not transparent/),
    });
    expect(await checkUpload('frame', await frame(800, 1000, 2), limits)).toMatchObject({
      ok: false,
      status: 400,
      error: 'The frame is transparent almost everywhere; nothing of it would show on the results.',
    });
  });

  it('refuses a window too small to show the guest', async () => {
    // A window of 240×300 in the middle of 800×1000: 9% of the frame.
    const small = await frame(800, 1000, 0, { window: false });
    const hole = await sharp({ create: { width: 240, height: 300, channels: 4, background: '#000000ff' } })
      .png()
      .toBuffer();
    const framed = await sharp(small)
      .composite([{ input: hole, left: 280, top: 350, blend: 'dest-out' }])
      .png()
      .toBuffer();
    expect(await checkUpload('frame', framed, limits)).toMatchObject({
      ok: false,
      status: 400,
      error: 'The transparent window is 9% of the frame; make it at least 30%, so the guest is seen.',
    });
  });
});
