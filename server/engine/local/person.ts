// Stage 2: find the person. Faces give the framing; the selfie mask gives the outline; the
// body-pose model says whether what was found is a human at all. No human means there is nobody
// to restyle: the visitor is told so.
import { EngineError } from '../engine.ts';
import { ENGINE_MESSAGES } from './messages.ts';
import { SEGMENTATION_SIZE, type FaceBox, type Models } from './models.ts';
import { clearBesideHeads } from './head-room.ts';
import { connectedRegions, drawHeadAndShoulders, fillHoles, touchesKept } from './mask-regions.ts';
import { aroundFace, aroundPhoto, scoreSquare } from './pose.ts';
import { fromSharp, toSharp, type Raster, type Rect } from './raster.ts';
import type { DecodedPhoto } from './decode.ts';
import type { LocalEngineSettings } from './settings.ts';

export interface Person {
  /** The photo, RGB at render size. */
  image: Raster;
  /**
   * Person probability 0..255 as the model gives it: a SEGMENTATION_SIZE square stretched over the
   * whole image. It is scaled only when a style cuts its frame (scaling it to the full image
   * would cost more than the rest of a job).
   */
  mask: Raster;
  /** Faces in image coordinates, best first. */
  faces: FaceBox[];
  /** Bounding box of the person (mask >= 50%) in image coordinates. */
  box: Rect;
  /** Fraction of the photo the person covers. */
  area: number;
  /** What showed the person is human. */
  evidence: HumanEvidence;
}

/** A face the pose model confirmed, or else a body; with the pose score that decided it. */
export interface HumanEvidence {
  by: 'face' | 'body';
  poseScore: number;
}

export type PersonRule = Pick<LocalEngineSettings, 'minPersonArea' | 'minPoseScore'>;

/**
 * Faces shown to the pose model, best first, until one is confirmed: each costs one pose pass
 * (45-50 ms on 2 cores), and in a group photo the first face is a person's unless a pet
 * outscores everyone.
 */
const FACES_CHECKED = 3;

export async function findPerson(models: Models, photo: DecodedPhoto, rule: PersonRule): Promise<Person> {
  const { image, inference } = photo;
  const square = await fromSharp(toSharp(inference).resize(SEGMENTATION_SIZE, SEGMENTATION_SIZE, { fit: 'fill' }));
  const [detected, probabilities] = await Promise.all([models.detectFaces(inference), models.segment(square)]);
  const toImage = image.width / inference.width;
  const faces = detected.map((face) => ({
    left: face.left * toImage,
    top: face.top * toImage,
    width: face.width * toImage,
    height: face.height * toImage,
    score: face.score,
  }));
  const small = keepPersonRegions(
    probabilities,
    square,
    detected.map((face) => ({
      left: (face.left / inference.width) * SEGMENTATION_SIZE,
      top: (face.top / inference.height) * SEGMENTATION_SIZE,
      width: (face.width / inference.width) * SEGMENTATION_SIZE,
      height: (face.height / inference.height) * SEGMENTATION_SIZE,
    })),
  );
  // Without a confirmed face, only a large and confident mask is a candidate: the selfie model
  // also half-believes in round objects. A coffee cup is 90% sure over 0.11-0.22 of the frame, and
  // the value moves with small changes (mirroring alone takes it from 0.13 to 0.21); a person
  // whose face is cut off or turned away is 0.56-0.78. The default (0.35) sits between the two.
  const evidence = await confirmHuman(
    models,
    inference,
    detected,
    small.confidentArea >= rule.minPersonArea,
    rule.minPoseScore,
  );
  if (!evidence) throw new EngineError(ENGINE_MESSAGES.noPerson);
  const mask: Raster = {
    data: Buffer.from(small.mask),
    width: SEGMENTATION_SIZE,
    height: SEGMENTATION_SIZE,
    channels: 1,
  };
  const box = small.box ?? faceOnlyBox(faces[0], image);
  const sx = image.width / SEGMENTATION_SIZE;
  const sy = image.height / SEGMENTATION_SIZE;
  return {
    image,
    mask,
    faces,
    area: small.area,
    box: small.box
      ? clampRect({ left: box.left * sx, top: box.top * sy, width: box.width * sx, height: box.height * sy }, image)
      : box,
    evidence,
  };
}

/**
 * A person is a face the pose model confirms in the head-and-shoulders square around it, or else
 * a body candidate (the large confident mask) the pose model confirms in the whole photo. Faces
 * and the mask alone are not enough: BlazeFace finds the cat's face (0.77-0.82) and the mask
 * believes in cats, squirrels, fruit and coins. Pose scores measured: people 0.52-0.75 around
 * their face and 0.56-0.63 with the face cut off; the cat's face 0.08-0.40, other animals'
 * faces and objects at most 0.40 where the old rule let them through. The default (0.45) sits
 * between.
 */
async function confirmHuman(
  models: Models,
  inference: Raster,
  faces: readonly FaceBox[],
  bodyCandidate: boolean,
  minPoseScore: number,
): Promise<HumanEvidence | null> {
  for (const face of faces.slice(0, FACES_CHECKED)) {
    const poseScore = await scoreSquare(models, inference, aroundFace(face));
    if (poseScore >= minPoseScore) return { by: 'face', poseScore };
  }
  if (!bodyCandidate) return null;
  const poseScore = await scoreSquare(models, inference, aroundPhoto(inference));
  return poseScore >= minPoseScore ? { by: 'body', poseScore } : null;
}

interface Regions {
  mask: Uint8Array;
  area: number;
  /** Fraction of the photo where the kept regions are at least 90% sure. */
  confidentArea: number;
  box: Rect | null;
}

/**
 * A face's region is the mask region covering most of the face box's lower half (the forehead
 * and hair may be missed by the model, the cheeks and chin are not); it must cover at least this
 * share of that half.
 */
const FACE_COVER = 0.2;
/**
 * Background enclosed by the person (the mask hesitating on a dark helmet, a sleeve, a badge) is
 * filled when it is at most this share of the person: the gap under an arm on the hip is larger.
 */
const HOLE_SHARE = 0.04;

/**
 * One whole subject: keeps the mask's connected regions that hold a face found in the photo (each
 * face of a group gives its own), or else the largest one (a body confirmed by the pose model),
 * drops every other island (background the model half-believed in: a flagpole, a piece of the
 * backdrop) and fills small holes inside the person. Backdrop beside the heads is cleared first
 * (head-room.ts).
 */
function keepPersonRegions(modelMask: Uint8Array, square: Raster, faceBoxes: Rect[]): Regions {
  const size = SEGMENTATION_SIZE;
  // Backdrop beside the heads goes first, so what it joined to a person falls apart into islands.
  const probabilities = Uint8Array.from(modelMask);
  clearBesideHeads(probabilities, square, faceBoxes, size);
  const solid = (i: number) => probabilities[i] >= 128;
  const { labels, areas } = connectedRegions(size, solid);
  const keep = new Set<number>();
  for (const face of faceBoxes) {
    const label = faceRegion(labels, face);
    if (label > 0) keep.add(label);
  }
  // No face has a region of its own (small faces of a crowd the model does not outline): the
  // largest region would be any piece of wall, so the faces stand in for the mask instead.
  const faceless = keep.size === 0 && faceBoxes.length > 0;
  const largest = areas.reduce((best, area, label) => (area > areas[best] ? label : best), 0);
  if (keep.size === 0 && !faceless && largest > 0) keep.add(largest);

  const mask = new Uint8Array(probabilities.length);
  for (let i = 0; i < labels.length; i++) {
    // Soft edge pixels (below 50%) belong to whichever region they touch: keep them if a kept
    // region is next to them, so the outline stays soft for the matte to refine.
    const label = labels[i];
    if (label > 0 ? keep.has(label) : probabilities[i] > 4 && touchesKept(labels, keep, i, size))
      mask[i] = probabilities[i];
  }
  const kept = [...keep].reduce((sum, label) => sum + areas[label], 0);
  fillHoles(mask, kept * HOLE_SHARE);

  // Confidence is the model's own: the drawn stand-ins below must not make a body candidate.
  const confident = mask.reduce((sum, value) => sum + (value >= 230 ? 1 : 0), 0);
  // A face the mask missed while it found the body below it or other people (a head cut by the
  // photo's top edge in a crowd) is still a person's: its head is drawn in.
  for (const face of faceBoxes) {
    const centre =
      Math.min(size - 1, Math.floor(face.top + face.height / 2)) * size +
      Math.min(size - 1, Math.floor(face.left + face.width / 2));
    if (faceless || mask[centre] < 128) drawHeadAndShoulders(mask, face, faceless);
  }

  let area = 0;
  let [minX, minY, maxX, maxY] = [size, size, -1, -1];
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] < 128) continue;
    area++;
    const x = i % size;
    const y = (i - x) / size;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const box = maxX < 0 ? null : { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  return { mask, area: area / mask.length, confidentArea: confident / mask.length, box };
}

/** The region covering most of the lower half of `face` (mask coordinates), or 0. */
function faceRegion(labels: Int32Array, face: Rect): number {
  const size = SEGMENTATION_SIZE;
  const counts = new Map<number, number>();
  const left = Math.max(0, Math.floor(face.left));
  const right = Math.min(size, Math.ceil(face.left + face.width));
  const top = Math.max(0, Math.floor(face.top + face.height / 2));
  const bottom = Math.min(size, Math.ceil(face.top + face.height));
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const label = labels[y * size + x];
      if (label > 0) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
  }
  const [best, count] = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
  return count >= FACE_COVER * Math.max(1, (right - left) * (bottom - top)) ? best : 0;
}

/** A face but no usable mask (e.g. a face poster): frame head and shoulders around the face. */
function faceOnlyBox(face: FaceBox | undefined, image: Raster): Rect {
  if (!face) return { left: 0, top: 0, width: image.width, height: image.height };
  return clampRect(
    { left: face.left - face.width, top: face.top - face.height * 0.6, width: face.width * 3, height: face.height * 4 },
    image,
  );
}

export function clampRect(rect: Rect, within: { width: number; height: number }): Rect {
  const left = Math.max(0, Math.floor(rect.left));
  const top = Math.max(0, Math.floor(rect.top));
  const right = Math.min(within.width, Math.ceil(rect.left + rect.width));
  const bottom = Math.min(within.height, Math.ceil(rect.top + rect.height));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}
