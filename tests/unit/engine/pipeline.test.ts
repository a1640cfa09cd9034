import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cutFrame, portrait, portraitRect } from '../../../server/engine/local/framing.ts';
import { SEGMENTATION_SIZE } from '../../../server/engine/local/models.ts';
import type { Person } from '../../../server/engine/local/person.ts';
import { encodeStage, renderStyle, type LocalStyle } from '../../../server/engine/local/pipeline.ts';
import { createRaster } from '../../../server/engine/local/raster.ts';
import { LOCAL_STYLES } from '../../../server/engine/local/styles/catalog.ts';

/** A 600x480 photo with a soft-edged square "person" in its mask and a face box. */
function person(): Person {
  const image = createRaster(600, 480, 3, 120);
  const mask = createRaster(SEGMENTATION_SIZE, SEGMENTATION_SIZE, 1);
  for (let y = 40; y < 240; y++)
    for (let x = 60; x < 200; x++) mask.data[y * SEGMENTATION_SIZE + x] = x < 64 ? 140 : 250;
  return {
    image,
    mask,
    faces: [{ left: 250, top: 80, width: 100, height: 120, score: 1 }],
    box: { left: 140, top: 75, width: 330, height: 400 },
    area: 0.4,
    evidence: { by: 'face', poseScore: 1 },
  };
}

describe('the local engine pipeline', () => {
  it("frames, hands the painter the matte at the frame's resolution, and encodes once in the style format", async () => {
    const subject = person();
    let painted: Buffer | undefined;
    const style: LocalStyle = {
      id: 'probe',
      description: 'Probe',
      prompt: 'probe',
      beta: false,
      framing: portrait(4 / 5),
      paint: async (frame) => {
        painted = frame.alpha.data;
        return frame.rgb;
      },
      output: 'png',
    };
    const image = await renderStyle(style, subject, 500);
    expect(image.contentType).toBe('image/png');
    const meta = await sharp(image.data).metadata();
    expect([meta.format, Math.max(meta.width!, meta.height!)]).toEqual(['png', 500]);
    expect(meta.width! / meta.height!).toBeCloseTo(4 / 5, 1);
    const raw = await cutFrame(subject, portraitRect(subject, 4 / 5), 500);
    expect(painted).toEqual(raw.alpha.data);
    expect(raw.alpha.width * raw.alpha.height).toBe(raw.rgb.width * raw.rgb.height);
  });

  it('encodes JPEG and PNG as their content type says', async () => {
    const raster = createRaster(40, 30, 3, 200);
    for (const output of ['jpeg', 'png'] as const) {
      const image = await encodeStage(raster, output);
      expect(image.contentType).toBe(`image/${output}`);
      expect((await sharp(image.data).metadata()).format).toBe(output);
    }
  });

  it('gives every local style a framing, a painter and an output format: PNG for the stickers only', () => {
    for (const style of LOCAL_STYLES) {
      expect(typeof style.framing, style.id).toBe('function');
      expect(typeof style.paint, style.id).toBe('function');
      expect(style.output, style.id).toBe(style.prompt.includes('sticker') ? 'png' : 'jpeg');
    }
  });
});
