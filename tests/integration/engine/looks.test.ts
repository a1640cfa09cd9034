// The branded scene and the studio portrait on real portraits (one person, and the Apollo 11
// crew): measured where the engine put the person, which the test finds as the engine does (the
// same person, the same framing, the same placement), so every check reads one region.
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../server/engine/index.ts';
import type { LocalEngine } from '../../../server/engine/local/local-engine.ts';
import type { Frame } from '../../../server/engine/local/framing.ts';
import { facesInFrame, frameStage } from '../../../server/engine/local/pipeline.ts';
import type { Rect } from '../../../server/engine/local/raster.ts';
import {
  placeInScene,
  sceneFraming,
  sceneSize,
  type Placement,
} from '../../../server/engine/local/styles/branded-scene.ts';
import { studioFraming } from '../../../server/engine/local/styles/studio-portrait.ts';
import { fixture } from './support/pixels.ts';
import { patience } from '../../support/patience.ts';

const PORTRAITS = new URL('../../../../shared/fixtures/portraits/', import.meta.url);
const PHOTOS: { name: string; photo: Buffer; people: number }[] = [
  { name: 'astronaut.jpg', photo: fixture('astronaut.jpg'), people: 1 },
  { name: 'grace_hopper.jpg', photo: fixture('grace_hopper.jpg'), people: 1 },
  {
    name: 'obama-official-portrait.jpg',
    photo: fs.readFileSync(new URL('obama-official-portrait.jpg', PORTRAITS)),
    people: 1,
  },
  { name: 'apollo11-crew.png', photo: fs.readFileSync(new URL('apollo11-crew.png', PORTRAITS)), people: 3 },
];
const OUTPUT = 1024;
/** A flat teal backdrop: whatever is not teal in the background is the style's doing. */
const TEAL: [number, number, number] = [32, 150, 140];
/** A tenant's colours for the studio gradient (studioBackdrop 'gradient'): a deep blue and an orange accent. */
const STUDIO = { background: '#1a2a5a', accent: '#f08020' };

const engine = createEngine('local') as LocalEngine & Engine;
interface Case {
  scene: RGB;
  studio: RGB;
  /** The studio portrait before the tenant's gradient. */
  gradient: RGB;
  sceneFrame: Frame;
  place: Placement;
  studioFrame: Frame;
  studioFaces: Rect[];
}
interface RGB {
  data: Buffer;
  width: number;
  height: number;
}
const cases = new Map<string, Case>();

const raw = async (image: Uint8Array): Promise<RGB> => {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

beforeAll(async () => {
  await engine.start();
  const { width, height } = sceneSize(OUTPUT);
  const teal = await sharp({
    create: { width, height, channels: 3, background: { r: TEAL[0], g: TEAL[1], b: TEAL[2] } },
  })
    .png()
    .toBuffer();
  for (const { name, photo } of PHOTOS) {
    const person = await engine.findPerson(photo);
    const sceneFrame = await frameStage(person, sceneFraming, OUTPUT);
    const studioPlan = studioFraming(person, OUTPUT);
    const studioFrame = await frameStage(person, () => studioPlan, OUTPUT);
    const [scene, studio, gradient] = await Promise.all([
      engine.restyle({ photo, styleId: 'branded-scene', scene: { key: 'looks-test-teal', data: teal } }),
      engine.restyle({ photo, styleId: 'studio-portrait' }),
      engine.restyle({ photo, styleId: 'studio-portrait', studio: STUDIO }),
    ]);
    expect(scene.images[0]!.contentType).toBe('image/jpeg');
    expect(studio.images[0]!.contentType).toBe('image/jpeg');
    cases.set(name, {
      scene: await raw(scene.images[0]!.data),
      studio: await raw(studio.images[0]!.data),
      gradient: await raw(gradient.images[0]!.data),
      sceneFrame,
      place: placeInScene(sceneFrame.alpha, width, height),
      studioFrame,
      studioFaces: facesInFrame(person, studioPlan.rect, studioFrame),
    });
  }
}, patience(120_000));

afterAll(() => engine.close());

const at = (image: RGB, x: number, y: number) => {
  const o = (y * image.width + x) * 3;
  return [image.data[o]!, image.data[o + 1]!, image.data[o + 2]!];
};
const distance = (a: number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
const luma = (p: number[]) => 0.299 * p[0]! + 0.587 * p[1]! + 0.114 * p[2]!;
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);

/** The frame's alpha at picture coordinates (0 outside the frame). */
const alphaOnPicture = (c: Case, x: number, y: number) => {
  const fx = x - c.place.left;
  const fy = y - c.place.top;
  const { alpha } = c.sceneFrame;
  return fx < 0 || fy < 0 || fx >= alpha.width || fy >= alpha.height ? 0 : alpha.data[fy * alpha.width + fx]!;
};
/** Whether every pixel within `r` (on a cross and the diagonals) has alpha at least / at most the bound. */
const around = (get: (x: number, y: number) => number, x: number, y: number, r: number, test: (a: number) => boolean) =>
  [
    [0, 0],
    [r, 0],
    [-r, 0],
    [0, r],
    [0, -r],
    [r, r],
    [-r, -r],
    [r, -r],
    [-r, r],
  ].every(([dx, dy]) => test(get(x + dx!, y + dy!)));

describe.each(PHOTOS.map((p) => p.name))('the branded scene on %s', (name) => {
  it("has the backdrop's colour where the background was, above the shadow", () => {
    const c = cases.get(name)!;
    const samples: number[] = [];
    for (let y = 0; y < c.place.top + c.sceneFrame.alpha.height * 0.4; y += 7) {
      for (let x = 0; x < c.scene.width; x += 7)
        if (
          around(
            (px, py) => alphaOnPicture(c, px, py),
            x,
            y,
            24,
            (a) => a === 0,
          )
        )
          samples.push(distance(at(c.scene, x, y), TEAL));
    }
    expect(samples.length).toBeGreaterThan(500);
    expect(mean(samples)).toBeLessThan(8);
  });

  it("has the person's own colours where the person is, moved only part of the way toward the scene", () => {
    const c = cases.get(name)!;
    const { rgb, alpha } = c.sceneFrame;
    const own: number[] = [];
    const toTeal: number[] = [];
    for (let y = 0; y < alpha.height; y += 5) {
      for (let x = 0; x < alpha.width; x += 5) {
        if (
          !around(
            (px, py) => alpha.data[py * alpha.width + px] ?? 0,
            x,
            y,
            8,
            (a) => a === 255,
          )
        )
          continue;
        const px = x + c.place.left;
        const py = y + c.place.top;
        if (px < 0 || py < 0 || px >= c.scene.width || py >= c.scene.height) continue;
        const shown = at(c.scene, px, py);
        own.push(
          distance(shown, [
            rgb.data[(y * alpha.width + x) * 3]!,
            rgb.data[(y * alpha.width + x) * 3 + 1]!,
            rgb.data[(y * alpha.width + x) * 3 + 2]!,
          ]),
        );
        toTeal.push(distance(shown, TEAL));
      }
    }
    expect(own.length).toBeGreaterThan(2000);
    expect(mean(own)).toBeLessThan(50);
    expect(mean(own)).toBeLessThan(mean(toTeal) * 0.6);
  });

  it("lets the scene's light wrap around the edge: the edge moves toward the backdrop more than the middle", () => {
    const c = cases.get(name)!;
    const { rgb, alpha } = c.sceneFrame;
    const get = (x: number, y: number) => alpha.data[y * alpha.width + x] ?? 0;
    const edge: number[] = [];
    const middle: number[] = [];
    for (let y = 4; y < alpha.height - 4; y += 2) {
      for (let x = 4; x < alpha.width - 4; x += 2) {
        if (get(x, y) !== 255) continue;
        const px = x + c.place.left;
        const py = y + c.place.top;
        if (px < 0 || py < 0 || px >= c.scene.width || py >= c.scene.height) continue;
        const o = (y * alpha.width + x) * 3;
        const source = [rgb.data[o]!, rgb.data[o + 1]!, rgb.data[o + 2]!];
        const closer = distance(source, TEAL) - distance(at(c.scene, px, py), TEAL);
        const nearEdge = !around(get, x, y, 4, (a) => a >= 250);
        if (nearEdge) edge.push(closer);
        else if (around(get, x, y, 16, (a) => a === 255)) middle.push(closer);
      }
    }
    expect(edge.length).toBeGreaterThan(200);
    expect(mean(edge)).toBeGreaterThan(mean(middle) + 8);
  });

  it('lays a soft shadow beside the lower half: the backdrop there is darker than beside the head', () => {
    const c = cases.get(name)!;
    const get = (x: number, y: number) => alphaOnPicture(c, x, y);
    const beside = (from: number, to: number) => {
      const values: number[] = [];
      for (let y = Math.max(0, Math.round(from)); y < Math.min(c.scene.height, Math.round(to)); y += 3) {
        for (let x = 0; x < c.scene.width; x += 2) {
          // Backdrop within 10 to 40 px of the person, left or right.
          if (get(x, y) !== 0) continue;
          const near = [10, 25, 40].some((d) => get(x - d, y) >= 128 || get(x + d, y) >= 128);
          if (near && get(x - 8, y) < 16 && get(x + 8, y) < 16) values.push(luma(at(c.scene, x, y)));
        }
      }
      return values;
    };
    const fh = c.sceneFrame.alpha.height;
    const head = beside(c.place.top + fh * 0.05, c.place.top + fh * 0.3);
    const lower = beside(c.place.top + fh * 0.75, Math.min(c.scene.height, c.place.top + fh));
    expect(head.length).toBeGreaterThan(20);
    expect(lower.length).toBeGreaterThan(20);
    expect(mean(lower)).toBeLessThan(mean(head) - 8);
    expect(mean(head)).toBeGreaterThan(luma([...TEAL]) - 8);
  });
});

/**
 * Mean absolute Laplacian of the luma, taken 3 px apart, at the points where `where` holds: the
 * picture's detail at the scale a blur of the background removes and a small photo scaled up
 * still has (a 1 px Laplacian sees mostly JPEG noise there).
 */
/** The distance from a colour to the straight way between two others. */
function toSegment(p: number[], a: number[], b: number[]): number {
  const ab = [0, 1, 2].map((c) => b[c]! - a[c]!);
  const t = Math.min(
    1,
    Math.max(
      0,
      [0, 1, 2].reduce((s, c) => s + (p[c]! - a[c]!) * ab[c]!, 0) /
        Math.max(
          1,
          ab.reduce((s, v) => s + v * v, 0),
        ),
    ),
  );
  return distance(
    p,
    [0, 1, 2].map((c) => a[c]! + ab[c]! * t),
  );
}

function detail(image: RGB, where: (x: number, y: number) => boolean): number {
  const l = (x: number, y: number) => luma(at(image, x, y));
  const values: number[] = [];
  for (let y = 3; y < image.height - 3; y += 2) {
    for (let x = 3; x < image.width - 3; x += 2) {
      if (where(x, y)) values.push(Math.abs(4 * l(x, y) - l(x - 3, y) - l(x + 3, y) - l(x, y - 3) - l(x, y + 3)));
    }
  }
  expect(values.length).toBeGreaterThan(500);
  return mean(values);
}

describe.each(PHOTOS.map((p) => p.name))('the studio portrait on %s', (name) => {
  it("is the framed photo's size, so the regions below line up", () => {
    const c = cases.get(name)!;
    expect([c.studio.width, c.studio.height]).toEqual([c.studioFrame.rgb.width, c.studioFrame.rgb.height]);
  });

  it('blurs the background: far less fine detail outside the person than the photo had there', () => {
    const c = cases.get(name)!;
    const { alpha, rgb } = c.studioFrame;
    const get = (x: number, y: number) => alpha.data[y * alpha.width + x] ?? 0;
    const background = (x: number, y: number) => around(get, x, y, 20, (a) => a === 0);
    const before = detail(rgb, background);
    const after = detail(c.studio, background);
    expect(after).toBeLessThan(before * 0.5);
  });

  it('keeps each face sharp: most of its fine detail stays', () => {
    const c = cases.get(name)!;
    const faces = c.studioFaces.filter(
      (f) => f.left >= 0 && f.top >= 0 && f.left + f.width <= c.studio.width && f.top + f.height <= c.studio.height,
    );
    expect(faces.length).toBe(PHOTOS.find((p) => p.name === name)!.people);
    for (const f of faces) {
      const inFace = (x: number, y: number) =>
        x > f.left + f.width * 0.2 &&
        x < f.left + f.width * 0.8 &&
        y > f.top + f.height * 0.2 &&
        y < f.top + f.height * 0.8;
      const before = detail(c.studioFrame.rgb, inFace);
      const after = detail(c.studio, inFace);
      expect(after).toBeGreaterThan(before * 0.6);
      expect(after).toBeLessThan(before * 1.3);
    }
  });
});

describe.each(PHOTOS.map((p) => p.name))("the studio portrait before the tenant's gradient on %s", (name) => {
  const hex = (value: string) => [1, 3, 5].map((k) => Number.parseInt(value.slice(k, k + 2), 16));
  /** Background pixels (no person within 20 px) in a band of rows, as shares of the height. */
  const backgroundIn = (c: Case, from: number, to: number) => {
    const { alpha } = c.studioFrame;
    const get = (x: number, y: number) => alpha.data[y * alpha.width + x] ?? 0;
    const points: number[][] = [];
    for (let y = Math.round(c.gradient.height * from); y < Math.round(c.gradient.height * to); y += 7) {
      for (let x = 20; x < c.gradient.width - 20; x += 7) {
        if (around(get, x, y, 20, (a) => a === 0)) points.push(at(c.gradient, x, y));
      }
    }
    return points;
  };

  it("paints the background in the tenant's colours, none of the photo's own", () => {
    const c = cases.get(name)!;
    const points = backgroundIn(c, 0, 1);
    expect(points.length).toBeGreaterThan(100);
    const background = hex(STUDIO.background);
    // The lit part is the background colour warmed toward the orange accent.
    const brightest = points.reduce((best, point) => (luma(point) > luma(best) ? point : best));
    expect(brightest[0]! - brightest[2]!).toBeGreaterThan(background[0]! - background[2]! + 40);
    // Every backdrop pixel lies on the way from the darkened background colour to the lit one:
    // never the photo's moon, flag or curtain.
    const darker = background.map((v) => v * 0.72);
    for (const point of points) expect(toSegment(point, darker, brightest), `${point}`).toBeLessThan(12);
  });

  it('is lit behind the heads and falls off toward the darker background colour at the sides', () => {
    const c = cases.get(name)!;
    // The person may fill the bottom corners: the darkest backdrop seen stands for them.
    const darkest = backgroundIn(c, 0, 1).reduce((best, point) => (luma(point) < luma(best) ? point : best));
    const darker = hex(STUDIO.background).map((v) => v * 0.72);
    const top = backgroundIn(c, 0.05, 0.3);
    expect(top.length).toBeGreaterThan(0);
    expect(mean(top.map(luma))).toBeGreaterThan(luma(darkest) + 20);
    expect(distance(darkest, darker)).toBeLessThan(Math.min(...top.map((point) => distance(point, darker))));
  });

  it('is smooth: no fine detail in the background, and the person as the blurred look paints them', () => {
    const c = cases.get(name)!;
    const { alpha } = c.studioFrame;
    const get = (x: number, y: number) => alpha.data[y * alpha.width + x] ?? 0;
    const background = (x: number, y: number) => around(get, x, y, 20, (a) => a === 0);
    expect(detail(c.gradient, background)).toBeLessThan(detail(c.studio, background) + 0.5);
    const inside = (x: number, y: number) => around(get, x, y, 6, (a) => a === 255);
    const diffs: number[] = [];
    for (let y = 0; y < c.gradient.height; y += 9)
      for (let x = 0; x < c.gradient.width; x += 9)
        if (inside(x, y)) diffs.push(distance(at(c.gradient, x, y), at(c.studio, x, y)));
    expect(diffs.length).toBeGreaterThan(100);
    expect(mean(diffs)).toBeLessThan(4);
  });
});

describe('groups', () => {
  it.each(['branded-scene', 'studio-portrait'])(
    '%s keeps all three of the Apollo 11 crew (the face detector finds each)',
    async (styleId) => {
      const c = cases.get('apollo11-crew.png')!;
      const image = styleId === 'branded-scene' ? c.scene : c.studio;
      const jpeg = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
        .jpeg()
        .toBuffer();
      expect((await engine.detectFaces(jpeg)).length).toBeGreaterThanOrEqual(3);
    },
  );
});
