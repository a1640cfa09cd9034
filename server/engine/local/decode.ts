// Stage 1 of every job: decode the visitor's photo once, upright, at render size.
import sharp from 'sharp';
import { EngineError } from '../engine.ts';
import { ENGINE_MESSAGES } from './messages.ts';
import { fromSharp, scale, type Raster } from './raster.ts';

export interface DecodedPhoto {
  /** RGB, EXIF-oriented, long side at most renderSize. */
  image: Raster;
  /** The downscaled copy the models see (long side at most inferenceSize). */
  inference: Raster;
}

export async function decodePhoto(
  photo: Uint8Array,
  renderSize: number,
  inferenceSize: number,
  maxInputPixels: number,
): Promise<DecodedPhoto> {
  if (photo.byteLength === 0) throw new EngineError(ENGINE_MESSAGES.unreadablePhoto);
  let image: Raster;
  try {
    // failOn 'error' rejects truncated and corrupt files instead of rendering grey half-pictures.
    const pipeline = sharp(photo, { failOn: 'error', limitInputPixels: maxInputPixels, autoOrient: true })
      .resize(renderSize, renderSize, { fit: 'inside', withoutEnlargement: true })
      // A transparent PNG (e.g. a sticker fed back in) is seen as it would be printed: on white.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb');
    image = await fromSharp(pipeline);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw new EngineError(/pixel limit/i.test(text) ? ENGINE_MESSAGES.photoTooLarge : ENGINE_MESSAGES.unreadablePhoto, {
      cause: error,
    });
  }
  if (image.channels !== 3 || image.width < 16 || image.height < 16)
    throw new EngineError(ENGINE_MESSAGES.unreadablePhoto);
  const ratio = Math.min(1, inferenceSize / Math.max(image.width, image.height));
  const inference =
    ratio === 1 ? image : await scale(image, Math.round(image.width * ratio), Math.round(image.height * ratio));
  return { image, inference };
}
