// Is the candidate a human? BlazeFace also finds faces in cats, chicks and clip-art, and the selfie
// mask believes in cats, cups, fruit and coins; the body-pose model (MoveNet Lightning) was trained
// on people only, so it is asked to confirm a face or a body before the booth restyles anything.
import { POSE_SIZE, type FaceBox, type Keypoint, type Models } from './models.ts';
import { createRaster, fromSharp, toSharp, type Raster, type Rect } from './raster.ts';

/**
 * How many of the 17 keypoints the score averages: a visible head is five (nose, eyes, ears), a
 * head-and-shoulders selfie or a body with its face cut off shows at least five as well.
 */
const KEYPOINTS_COUNTED = 5;

/**
 * The square the pose model sees around a face: three face sizes wide, centred half a face below
 * the face's centre (head and shoulders). Measured: a close-up whose face fills the photo scores
 * 0.10-0.32 on the whole photo (the model expects a body around a head) and 0.52-0.66 in this
 * square; four face sizes wide lets the cat's face reach 0.44.
 */
const FACE_SQUARE = { sizes: 3, below: 0.5 };

/**
 * Without a face the whole photo is shown at 80% of the square: a body with its head cut off then
 * scores 0.56-0.63 instead of 0.39-0.45 when the photo fills it.
 */
const PHOTO_FILL = 0.8;

/** The mean confidence of the five surest keypoints, 0..1. */
export function poseScore(keypoints: readonly Keypoint[]): number {
  const surest = keypoints
    .map((keypoint) => keypoint.score)
    .sort((a, b) => b - a)
    .slice(0, KEYPOINTS_COUNTED);
  return surest.reduce((sum, score) => sum + score, 0) / Math.max(1, surest.length);
}

/** The head-and-shoulders square around a face (it may reach past the photo's edges). */
export function aroundFace(face: FaceBox): Rect {
  const size = Math.max(face.width, face.height);
  const side = size * FACE_SQUARE.sizes;
  const centreX = face.left + face.width / 2;
  const centreY = face.top + face.height / 2 + size * FACE_SQUARE.below;
  return { left: centreX - side / 2, top: centreY - side / 2, width: side, height: side };
}

/** The square holding the whole photo at PHOTO_FILL of its side, centred. */
export function aroundPhoto(image: Raster): Rect {
  const side = Math.max(image.width, image.height) / PHOTO_FILL;
  return { left: (image.width - side) / 2, top: (image.height - side) / 2, width: side, height: side };
}

/** The part of `image` under `square` at the pose model's size, black where it leaves the photo. */
export async function poseSquare(image: Raster, square: Rect): Promise<Raster> {
  const scale = POSE_SIZE / square.width;
  const left = Math.max(0, Math.round(square.left));
  const top = Math.max(0, Math.round(square.top));
  const right = Math.min(image.width, Math.round(square.left + square.width));
  const bottom = Math.min(image.height, Math.round(square.top + square.height));
  if (right - left < 1 || bottom - top < 1) return createRaster(POSE_SIZE, POSE_SIZE, 3);
  // One sharp pass: cut what lies inside the photo, scale it, pad the rest to the square.
  const width = Math.min(POSE_SIZE, Math.max(1, Math.round((right - left) * scale)));
  const height = Math.min(POSE_SIZE, Math.max(1, Math.round((bottom - top) * scale)));
  const padLeft = Math.min(POSE_SIZE - width, Math.max(0, Math.round((left - square.left) * scale)));
  const padTop = Math.min(POSE_SIZE - height, Math.max(0, Math.round((top - square.top) * scale)));
  const pipeline = toSharp(image)
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(width, height, { fit: 'fill' })
    .extend({
      left: padLeft,
      top: padTop,
      right: POSE_SIZE - width - padLeft,
      bottom: POSE_SIZE - height - padTop,
      background: '#000000',
    });
  return fromSharp(pipeline);
}

/** The pose score of whatever stands in `square` of `image`. */
export async function scoreSquare(models: Models, image: Raster, square: Rect): Promise<number> {
  return poseScore(await models.detectPose(await poseSquare(image, square)));
}
