// The die-cut sticker on real photos: cut along the person, white ring, shadow, cropped PNG.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type EngineResult } from '../../../server/engine/index.ts';
import type { LocalEngine } from '../../../server/engine/local/local-engine.ts';
import { alphaAt, fixture, opaqueBox, pixels, rgbAt, type Pixels } from './support/pixels.ts';

let engine: Engine;
let result: EngineResult;
let sticker: Pixels;
let face: { left: number; top: number; width: number; height: number };

beforeAll(async () => {
  engine = createEngine('local');
  await engine.start();
  result = await engine.restyle({ photo: fixture('grace_hopper.jpg'), styleId: 'die-cut-sticker' });
  sticker = await pixels(result.images[0].data);
  [face] = await (engine as LocalEngine).detectFaces(result.images[0].data);
});

afterAll(() => engine?.close());

describe('die-cut sticker', () => {
  it('reports a prompt containing "sticker", so the site shows the peel', () => {
    expect(result.prompt).toContain('sticker');
    expect(result.images).toHaveLength(1);
    expect(result.images[0].contentType).toBe('image/png');
  });

  it('is a PNG at least 1024 px on its long side', () => {
    expect(Math.max(sticker.width, sticker.height)).toBeGreaterThanOrEqual(1024);
    expect(sticker.channels).toBe(4);
  });

  it('is transparent at the four corners', () => {
    const w = sticker.width - 1;
    const h = sticker.height - 1;
    for (const [x, y] of [
      [0, 0],
      [w, 0],
      [0, h],
      [w, h],
    ])
      expect(alphaAt(sticker, x, y)).toBeLessThan(16);
  });

  it('is opaque at the centre of the face, and the face is still found', () => {
    expect(face).toBeDefined();
    expect(alphaAt(sticker, face.left + face.width / 2, face.top + face.height / 2)).toBe(255);
  });

  it('has a white ring around the person', () => {
    // Walk from the face centre to the left and to the top: the last opaque pixels before the
    // transparent outside must be white (the die-cut border), not photo colours.
    const cx = Math.round(face.left + face.width / 2);
    const cy = Math.round(face.top + face.height / 2);
    for (const [dx, dy] of [
      [-1, 0],
      [0, -1],
      [1, 0],
    ]) {
      let x = cx;
      let y = cy;
      while (x > 0 && y > 0 && x < sticker.width - 1 && alphaAt(sticker, x + dx, y + dy) >= 250) {
        x += dx;
        y += dy;
      }
      // a few px inside the cut edge
      const [r, g, b] = rgbAt(sticker, x - dx * 4, y - dy * 4);
      expect(Math.min(r, g, b), `border pixel at ${x - dx * 4},${y - dy * 4}`).toBeGreaterThan(235);
      expect(alphaAt(sticker, x - dx * 4, y - dy * 4)).toBe(255);
    }
  });

  it('is cropped to the person: only a thin transparent margin for outline and shadow', () => {
    const box = opaqueBox(sticker);
    const margin = Math.max(sticker.width, sticker.height) * 0.08;
    expect(box.left).toBeLessThan(margin);
    expect(box.top).toBeLessThan(margin);
    expect(sticker.width - 1 - box.right).toBeLessThan(margin);
    expect(sticker.height - 1 - box.bottom).toBeLessThan(margin);
  });
});
