// The soft edge of the matte over a new backdrop (the branded scene) and a sticker's cut: it holds
// little of the photo's own backdrop (a dark halo above a head, a grey ghost beside it), and the
// scene's light wrap stays at the rim instead of lifting dark hair into a pale band beside a head
// (the light ghost beside Neil Armstrong's head in the Apollo 11 crew portrait).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../../server/engine/local/framing.ts';
import { LocalEngine } from '../../../server/engine/local/local-engine.ts';
import type { Person } from '../../../server/engine/local/person.ts';
import { facesInFrame, frameStage } from '../../../server/engine/local/pipeline.ts';
import { paintScene, placeInScene, sceneSize } from '../../../server/engine/local/styles/branded-scene.ts';
import { LOCAL_STYLES } from '../../../server/engine/local/styles/catalog.ts';
import { patience } from '../../support/patience.ts';
import { fixture, portrait } from './support/pixels.ts';

const PHOTOS: Record<string, Buffer> = {
  'apollo11-crew.png': portrait('apollo11-crew.png'),
  'obama-official-portrait.jpg': portrait('obama-official-portrait.jpg'),
  'grace_hopper.jpg': fixture('grace_hopper.jpg'),
  'astronaut.jpg': fixture('astronaut.jpg'),
};
const NAMES = Object.keys(PHOTOS);
const STYLES = ['die-cut-sticker', 'branded-scene', 'studio-portrait'];

const engine = new LocalEngine();
const outputSize = engine.settings.outputSize;
const people = new Map<string, Person>();
const frames = new Map<string, Frame>();

beforeAll(async () => {
  await engine.start();
  for (const name of NAMES) {
    const person = await engine.findPerson(PHOTOS[name]);
    people.set(name, person);
    for (const id of STYLES) {
      const style = LOCAL_STYLES.find((candidate) => candidate.id === id)!;
      frames.set(`${name} ${id}`, await frameStage(person, style.framing, outputSize));
    }
  }
}, patience(180_000));

afterAll(() => engine.close());

const WINDOW = 8;

/**
 * The matte's weight (sum of alpha / 255) on soft-edge px whose photo colour is the backdrop's
 * beside them (within 16 of the mean of the clear px within WINDOW px) and not the person's
 * (48 or more from the mean of the solid px there): backdrop the soft edge carries onto a new
 * backdrop or into a sticker.
 */
function backdropHeld({ alpha, photo }: Frame): number {
  const { width: w, height: h } = alpha;
  let held = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = alpha.data[y * w + x];
      if (a === 0 || a === 255) continue;
      const clear = [0, 0, 0, 0];
      const solid = [0, 0, 0, 0];
      for (let v = Math.max(0, y - WINDOW); v <= Math.min(h - 1, y + WINDOW); v += 2) {
        for (let u = Math.max(0, x - WINDOW); u <= Math.min(w - 1, x + WINDOW); u += 2) {
          const j = v * w + u;
          const into = alpha.data[j] === 0 ? clear : alpha.data[j] === 255 ? solid : null;
          if (!into) continue;
          for (let c = 0; c < 3; c++) into[c] += photo.data[j * 3 + c];
          into[3]++;
        }
      }
      if (clear[3] < 4 || solid[3] < 4) continue;
      let toClear = 0;
      let toSolid = 0;
      for (let c = 0; c < 3; c++) {
        const value = photo.data[(y * w + x) * 3 + c];
        toClear += (value - clear[c] / clear[3]) ** 2;
        toSolid += (value - solid[c] / solid[3]) ** 2;
      }
      if (toClear <= 16 * 16 && toSolid >= 48 * 48) held += a / 255;
    }
  }
  return held;
}

describe('the soft edge over a new backdrop', () => {
  // Summed over the four portraits, on 5abce2f: die-cut 1500, branded scene 1189, studio
  // portrait 1087; since the soft edge is un-blended from the photo's backdrop: 823, 824, 799.
  it.each(STYLES)('%s: holds little of the photo’s own backdrop', (id) => {
    const held = NAMES.reduce((sum, name) => sum + backdropHeld(frames.get(`${name} ${id}`)!), 0);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(950);
  });
});

/**
 * How much the branded scene lifts the luminance of the person's dark px (hair, a collar, a
 * helmet's ring: luminance 80 or less) that lie solid within 6 px of the outline around each face:
 * the scene's light match lifts them a little everywhere, the light wrap more at the rim.
 */
async function darkRimLift(name: string): Promise<{ px: number; lift: number }> {
  const frame = frames.get(`${name} branded-scene`)!;
  const style = LOCAL_STYLES.find((candidate) => candidate.id === 'branded-scene')!;
  const person = people.get(name)!;
  const faces = facesInFrame(person, style.framing(person, outputSize).rect, frame);
  const picture = await paintScene(frame, outputSize, { faces });
  const { width, height } = sceneSize(outputSize);
  const place = placeInScene(frame.alpha, width, height);
  const { alpha, rgb } = frame;
  const w = alpha.width;
  const luma = (data: Buffer, o: number) => 0.299 * data[o] + 0.587 * data[o + 1] + 0.114 * data[o + 2];
  const outside = (x: number, y: number) =>
    x < 0 || y < 0 || x >= w || y >= alpha.height || alpha.data[y * w + x] < 128;
  let px = 0;
  let sum = 0;
  for (const face of faces) {
    for (
      let y = Math.max(0, Math.round(face.top - face.height / 2));
      y < Math.min(alpha.height, face.top + face.height);
      y++
    ) {
      for (
        let x = Math.max(0, Math.round(face.left - face.width * 0.3));
        x < Math.min(w, face.left + face.width * 1.3);
        x++
      ) {
        if (alpha.data[y * w + x] < 250 || luma(rgb.data, (y * w + x) * 3) > 80) continue;
        let rim = false;
        for (let v = y - 6; v <= y + 6 && !rim; v++) for (let u = x - 6; u <= x + 6 && !rim; u++) rim = outside(u, v);
        const [sx, sy] = [x + place.left, y + place.top];
        if (!rim || sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
        px++;
        sum += luma(picture.data, (sy * width + sx) * 3) - luma(rgb.data, (y * w + x) * 3);
      }
    }
  }
  return { px, lift: sum / Math.max(1, px) };
}

describe("the branded scene's light wrap", () => {
  // On 5abce2f (wrap reaching 8-16 px in): Apollo 11 crew 38.2, official portrait 40.3, Grace
  // Hopper 51.2, Eileen Collins 43.5; with the wrap at the rim: 21.3, 29.0, 35.5, 29.2.
  it.each(NAMES)('%s: lifts the dark hair at the edge of a head only a little', async (name) => {
    const { px, lift } = await darkRimLift(name);
    expect(px).toBeGreaterThan(500);
    expect(lift).toBeGreaterThan(0);
    expect(lift).toBeLessThanOrEqual(name === 'apollo11-crew.png' ? 28 : 40);
  });
});
