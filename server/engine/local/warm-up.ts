// Start-up rehearsal: one pass of every stage on a synthetic photo, so the first visitor does
// not pay for compiling the wasm kernels, JIT-compiling the pixel loops or sharp's first use of
// each operation (measured: the first job took ~3x a normal one without this).
import sharp from 'sharp';
import { EngineError } from '../engine.ts';
import { SEGMENTATION_SIZE, type Models } from './models.ts';
import { findPerson, type Person } from './person.ts';
import { aroundPhoto, scoreSquare } from './pose.ts';
import { decodePhoto } from './decode.ts';
import { createRaster } from './raster.ts';
import type { LocalEngineSettings } from './settings.ts';
import { renderStyle, type LocalStyle } from './pipeline.ts';

export async function warmUp(
  models: Models,
  settings: LocalEngineSettings,
  renderSize: number,
  styles: readonly LocalStyle[],
): Promise<void> {
  const { width, height } = { width: renderSize, height: Math.round(renderSize * 0.8) };
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#8a6f5a' } })
    .jpeg()
    .toBuffer();
  const photo = await decodePhoto(jpeg, renderSize, settings.inferenceSize, settings.maxInputPixels);
  await findPerson(models, photo, settings).catch((error: unknown) => {
    if (!(error instanceof EngineError)) throw error; // a blank photo has nobody in it: expected
  });
  // The blank photo has neither a face nor a body candidate, so the pose check is rehearsed apart.
  await scoreSquare(models, photo.inference, aroundPhoto(photo.inference));
  const person = rehearsalPerson(photo.image);
  for (const style of styles) await renderStyle(style, person, settings.outputSize);
}

/** An oval "person" in the middle of the photo, with a face box on top. */
function rehearsalPerson(image: Person['image']): Person {
  const mask = createRaster(SEGMENTATION_SIZE, SEGMENTATION_SIZE, 1);
  const centre = SEGMENTATION_SIZE / 2;
  for (let y = 0; y < SEGMENTATION_SIZE; y++) {
    for (let x = 0; x < SEGMENTATION_SIZE; x++) {
      const inside = ((x - centre) / 70) ** 2 + ((y - centre - 20) / 100) ** 2 <= 1;
      mask.data[y * SEGMENTATION_SIZE + x] = inside ? 255 : 0;
    }
  }
  const face = {
    left: image.width * 0.42,
    top: image.height * 0.2,
    width: image.width * 0.16,
    height: image.height * 0.2,
    score: 1,
  };
  const box = {
    left: Math.round(image.width * 0.22),
    top: Math.round(image.height * 0.03),
    width: Math.round(image.width * 0.56),
    height: Math.round(image.height * 0.94),
  };
  return { image, mask, faces: [face], box, area: 0.3, evidence: { by: 'face', poseScore: 1 } };
}
