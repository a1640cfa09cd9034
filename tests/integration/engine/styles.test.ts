// Every style of the local engine on real photos: a visible change, the promised size, and the
// visitor still recognisable (the face detector still finds a face in the result).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type EngineResult } from '../../../server/engine/index.ts';
import type { LocalEngine } from '../../../server/engine/local/local-engine.ts';
import { colourDistance, differenceFromInput, dominantColour, fixture, pixels } from './support/pixels.ts';
import { patience } from '../../support/patience.ts';

const PHOTOS = ['astronaut.jpg', 'grace_hopper.jpg'];
const engine = createEngine('local') as LocalEngine & Engine;
const styleIds = engine.styles().map((style) => style.id);
const results = new Map<string, EngineResult>();

beforeAll(async () => {
  await engine.start();
  for (const photo of PHOTOS) {
    for (const styleId of styleIds)
      results.set(`${photo} ${styleId}`, await engine.restyle({ photo: fixture(photo), styleId }));
  }
}, patience(120_000));

afterAll(() => engine.close());

describe.each(PHOTOS)('every style on %s', (photo) => {
  it.each(styleIds)('%s differs measurably from the photo', async (styleId) => {
    const result = results.get(`${photo} ${styleId}`) as EngineResult;
    expect(await differenceFromInput(result.images[0].data, fixture(photo))).toBeGreaterThan(12);
  });

  it.each(styleIds)('%s is at least 1024 px on its long side', async (styleId) => {
    const { width = 0, height = 0 } = await sharp(
      (results.get(`${photo} ${styleId}`) as EngineResult).images[0].data,
    ).metadata();
    expect(Math.max(width, height)).toBeGreaterThanOrEqual(1024);
  });

  it.each(styleIds)('%s keeps the face: the detector still finds one', async (styleId) => {
    const faces = await engine.detectFaces((results.get(`${photo} ${styleId}`) as EngineResult).images[0].data);
    expect(faces.length).toBeGreaterThanOrEqual(1);
  });

  it.each(styleIds)('%s reports its prompt; only sticker styles mention "sticker"', (styleId) => {
    const style = engine.styles().find((candidate) => candidate.id === styleId);
    const result = results.get(`${photo} ${styleId}`) as EngineResult;
    expect(result.prompt).toBe(style?.prompt);
    expect(result.prompt.includes('sticker')).toBe(styleId.endsWith('sticker'));
  });
});

describe('pop art', () => {
  it.each(PHOTOS)('has four quadrants with different background colours (%s)', async (photo) => {
    const image = await pixels((results.get(`${photo} pop-art`) as EngineResult).images[0].data);
    const half = { width: Math.floor(image.width / 2), height: Math.floor(image.height / 2) };
    // The strip along the top of each quadrant is background beside and above the head.
    const backgrounds = [0, 1, 2, 3].map((quadrant) =>
      dominantColour(
        image,
        (quadrant % 2) * half.width,
        Math.floor(quadrant / 2) * half.height,
        half.width,
        Math.round(half.height * 0.12),
      ),
    );
    for (let a = 0; a < 4; a++) {
      for (let b = a + 1; b < 4; b++) expect(colourDistance(backgrounds[a], backgrounds[b])).toBeGreaterThan(60);
    }
  });

  it.each(PHOTOS)('keeps the face in each of the four quadrants (%s)', async (photo) => {
    const grid = (results.get(`${photo} pop-art`) as EngineResult).images[0].data;
    const { width = 0, height = 0 } = await sharp(grid).metadata();
    const half = { width: Math.floor(width / 2), height: Math.floor(height / 2) };
    for (let quadrant = 0; quadrant < 4; quadrant++) {
      const cell = await sharp(grid)
        .extract({ left: (quadrant % 2) * half.width, top: Math.floor(quadrant / 2) * half.height, ...half })
        .png()
        .toBuffer();
      expect(await engine.detectFaces(cell), `quadrant ${quadrant + 1}`).not.toHaveLength(0);
    }
  });
});
