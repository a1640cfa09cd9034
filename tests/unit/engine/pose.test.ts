import { describe, expect, it } from 'vitest';
import { POSE_SIZE } from '../../../server/engine/local/models.ts';
import { aroundFace, aroundPhoto, poseScore, poseSquare } from '../../../server/engine/local/pose.ts';
import { createRaster } from '../../../server/engine/local/raster.ts';

const keypoints = (scores: number[]) => scores.map((score) => ({ x: 0, y: 0, score }));

describe('the body-pose check', () => {
  it('scores a pose by its five surest keypoints', () => {
    // A head (nose, eyes, ears) sure, the rest of the body out of the photo.
    expect(poseScore(keypoints([0.7, 0.8, 0.8, 0.6, 0.6, ...Array<number>(12).fill(0.05)]))).toBeCloseTo(0.7, 5);
    // Many keypoints half-believed (a cat) stay low.
    expect(poseScore(keypoints(Array<number>(17).fill(0.3)))).toBeCloseTo(0.3, 5);
  });

  it('looks at head and shoulders around a face: three face sizes, below the face', () => {
    const square = aroundFace({ left: 100, top: 50, width: 80, height: 100, score: 0.9 });
    expect(square.width).toBe(300);
    expect(square.height).toBe(300);
    expect(square.left + square.width / 2).toBe(140);
    expect(square.top + square.height / 2).toBe(150);
  });

  it('shows the whole photo at 80% of the square, centred', () => {
    const square = aroundPhoto(createRaster(800, 400, 3));
    expect(square).toEqual({ left: -100, top: -300, width: 1000, height: 1000 });
  });

  it('cuts the square at the model size, black where it leaves the photo', async () => {
    const image = createRaster(400, 200, 3, 200);
    const square = await poseSquare(image, aroundPhoto(image));
    expect([square.width, square.height, square.channels]).toEqual([POSE_SIZE, POSE_SIZE, 3]);
    const at = (x: number, y: number) => square.data[(y * POSE_SIZE + x) * 3];
    expect(at(POSE_SIZE / 2, POSE_SIZE / 2)).toBe(200);
    expect(at(POSE_SIZE / 2, 5)).toBe(0);
    expect(at(5, POSE_SIZE / 2)).toBe(0);
  });
});
