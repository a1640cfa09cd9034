// The two looks' pure parts: the light match, where a person stands in a scene, the group
// framing, skin, and the scene painter on a drawn person and a flat backdrop.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEGMENTATION_SIZE } from '../../../server/engine/local/models.ts';
import type { Person } from '../../../server/engine/local/person.ts';
import { createRaster, type Raster } from '../../../server/engine/local/raster.ts';
import { builtInScene, loadBackdrop } from '../../../server/engine/local/styles/backdrop.ts';
import {
  paintScene,
  placeInScene,
  sceneFraming,
  sceneSize,
} from '../../../server/engine/local/styles/branded-scene.ts';
import {
  applyTransfer,
  colourStats,
  fromYCbCr,
  lightTransfer,
  toYCbCr,
  type ColourStats,
} from '../../../server/engine/local/styles/light-match.ts';
import { groupPortraitRect, skinLikeness } from '../../../server/engine/local/styles/studio-portrait.ts';

const stats = (mean: [number, number, number], std: [number, number, number]): ColourStats => ({ mean, std });

describe('the light match', () => {
  it('turns RGB to YCbCr and back', () => {
    const back = fromYCbCr(...toYCbCr(200, 120, 40));
    expect(back.map(Math.round)).toEqual([200, 120, 40]);
  });

  it("leaves the person as they are at strength 0 and gives the scene's mean at strength 1", () => {
    const person = stats([150, -10, 20], [40, 8, 8]);
    const scene = stats([90, 20, -10], [20, 5, 5]);
    const none = lightTransfer(person, scene, { light: 0, colour: 0, maxLightShift: 255 });
    expect(applyTransfer(none, 10, 200, 90).map(Math.round)).toEqual([10, 200, 90]);
    const full = lightTransfer(person, scene, { light: 1, colour: 1, maxLightShift: 255 });
    for (let c = 0; c < 3; c++) expect(person.mean[c] * full.gain[c] + full.offset[c]).toBeCloseTo(scene.mean[c], 6);
  });

  it('moves the person part of the way, and a dark scene never darkens them by more than the bound', () => {
    const person = stats([160, 0, 0], [40, 8, 8]);
    const night = stats([20, 0, 0], [10, 4, 4]);
    const partial = lightTransfer(person, night, { light: 0.35, colour: 0.3, maxLightShift: 40 });
    const moved = person.mean[0] * partial.gain[0] + partial.offset[0];
    expect(moved).toBeLessThan(160);
    expect(moved).toBeGreaterThanOrEqual(120);
  });

  it('measures only where the weight says', () => {
    const image = createRaster(8, 8, 3, 0);
    const weight = createRaster(8, 8, 1, 0);
    for (let i = 0; i < 32; i++) {
      image.data.fill(200, i * 3, i * 3 + 3);
      weight.data[i] = 255;
    }
    const measured = colourStats(image, { left: 0, top: 0, width: 8, height: 8 }, weight, 128, 1);
    expect(measured.mean[0]).toBeCloseTo(200, 3);
    expect(measured.std[0]).toBeCloseTo(0, 3);
  });
});

/** A frame-sized alpha with a filled rectangle (the person). */
function alphaWith(
  width: number,
  height: number,
  rect: { left: number; top: number; right: number; bottom: number },
): Raster {
  const alpha = createRaster(width, height, 1);
  for (let y = rect.top; y < rect.bottom; y++)
    for (let x = rect.left; x < rect.right; x++) alpha.data[y * width + x] = 255;
  return alpha;
}

describe('placing a person in the scene', () => {
  it("lets a bust cut by the photo's bottom go on past the picture's bottom, centred", () => {
    const place = placeInScene(alphaWith(400, 500, { left: 50, top: 20, right: 350, bottom: 500 }), 800, 1000);
    expect(place).toMatchObject({ left: 200, top: 500, cutAtBottom: true, feet: null });
  });

  it('stands a person seen whole on the floor line, with their feet where the contact shadow goes', () => {
    const place = placeInScene(alphaWith(200, 600, { left: 60, top: 10, right: 140, bottom: 580 }), 800, 1000);
    expect(place.cutAtBottom).toBe(false);
    expect(place.top + 600).toBe(930);
    expect(place.feet).toEqual({ left: place.left + 60, right: place.left + 139, y: place.top + 579 });
  });

  it("keeps a person cut by the photo's left edge against the picture's left edge", () => {
    expect(placeInScene(alphaWith(300, 500, { left: 0, top: 20, right: 200, bottom: 500 }), 800, 1000).left).toBe(0);
  });

  it("frames a person to stand with headroom, reaching the photo's bottom when they are cut there", () => {
    const image = createRaster(1200, 1000, 3);
    const person = { image, box: { left: 400, top: 200, width: 400, height: 790 } } as Person;
    const { rect, longSide } = sceneFraming(person, 1024);
    expect(rect.top + rect.height).toBe(1000);
    expect((rect.height * longSide) / Math.max(rect.width, rect.height)).toBeLessThanOrEqual(1024 * 0.84 + 1);
  });
});

describe('the studio portrait', () => {
  const subject = (faces: Person['faces']): Person => ({
    image: createRaster(2000, 1500, 3),
    mask: createRaster(SEGMENTATION_SIZE, SEGMENTATION_SIZE, 1),
    faces,
    box: { left: 0, top: 0, width: 2000, height: 1500 },
    area: 0.5,
    evidence: { by: 'face', poseScore: 1 },
  });

  it('frames every face of a group', () => {
    const faces = [300, 900, 1500].map((left) => ({ left, top: 400, width: 160, height: 200, score: 0.9 }));
    const rect = groupPortraitRect(subject(faces), 4 / 5);
    for (const face of faces) {
      expect(face.left).toBeGreaterThanOrEqual(rect.left);
      expect(face.left + face.width).toBeLessThanOrEqual(rect.left + rect.width);
      expect(face.top).toBeGreaterThanOrEqual(rect.top);
    }
  });

  it('tells skin from a blue shirt and a white wall', () => {
    expect(skinLikeness(224, 172, 140)).toBeGreaterThan(0.5);
    expect(skinLikeness(120, 80, 60)).toBeGreaterThan(0.5);
    expect(skinLikeness(40, 70, 160)).toBe(0);
    expect(skinLikeness(245, 245, 245)).toBe(0);
  });
});

describe('the branded scene painter', () => {
  it("draws the booth's own scene without a backdrop, and the tenant's when given", async () => {
    const own = await builtInScene(80, 100);
    expect([own.width, own.height, own.channels]).toEqual([80, 100, 3]);
    const flat = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2050d0' } })
      .jpeg()
      .toBuffer();
    const tenant = await loadBackdrop({ key: 'unit-flat-blue', data: flat }, 80, 100);
    expect(tenant.builtIn).toBe(false);
    expect([...tenant.image.data.subarray(0, 3)].map((v) => Math.round(v / 16))).toEqual([2, 5, 13]);
    expect((await loadBackdrop({ key: 'unit-not-a-picture', data: Buffer.from('nope') }, 80, 100)).builtIn).toBe(true);
  });

  it('puts the person on the backdrop with a light wrap at the edge and a shadow beside their lower half', async () => {
    const outputSize = 500;
    const { width, height } = sceneSize(outputSize);
    // A grey person cut at the bottom, on a flat blue backdrop.
    const grey = createRaster(200, 400, 3, 128);
    const frame = {
      rgb: grey,
      photo: grey,
      alpha: alphaWith(200, 400, { left: 40, top: 10, right: 160, bottom: 400 }),
      face: null,
    };
    const blue = await sharp({ create: { width, height, channels: 3, background: '#3060e0' } })
      .png()
      .toBuffer();
    const out = await paintScene(frame, outputSize, { faces: [], scene: { key: 'unit-blue', data: blue } });
    const place = placeInScene(frame.alpha, width, height);
    const at = (x: number, y: number) => [...out.data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
    // Far from the person: the backdrop as it was.
    expect(at(5, 5).map((v) => Math.round(v / 8))).toEqual([6, 12, 28]);
    // The person's middle: their grey, moved only part of the way toward the blue.
    const middle = at(place.left + 100, place.top + 200);
    expect(Math.abs(middle[0]! - middle[2]!)).toBeLessThan(60);
    // The edge takes on the backdrop's blue light more than the middle does.
    const edge = at(place.left + 41, place.top + 200);
    expect(edge[2]! - edge[0]!).toBeGreaterThan(middle[2]! - middle[0]! + 10);
    // Beside the lower half the backdrop is darker than beside the head.
    const beside = (y: number) => at(place.left + 172, y).reduce((s, v) => s + v, 0);
    expect(beside(height - 10)).toBeLessThan(beside(place.top + 20) - 30);
  });
});
