// The bold sticker's dark cut line follows the person's outer silhouette, a few px wide, and never
// runs over a face: on the Apollo 11 crew, whose faces the matte cuts close beside the cheeks, the
// line drawn from the soft matte covered Michael Collins's ears and ran down both cheeks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../../server/engine/local/framing.ts';
import { LocalEngine } from '../../../server/engine/local/local-engine.ts';
import { facesInFrame, frameStage } from '../../../server/engine/local/pipeline.ts';
import { LOCAL_STYLES } from '../../../server/engine/local/styles/catalog.ts';
import { cutLineWidth, inkCutLine } from '../../../server/engine/local/styles/sticker.ts';
import type { Raster, Rect } from '../../../server/engine/local/raster.ts';
import { patience } from '../../support/patience.ts';
import { fixture, portrait } from './support/pixels.ts';

const PHOTOS: Record<string, Buffer> = {
  'apollo11-crew.png': portrait('apollo11-crew.png'),
  'obama-official-portrait.jpg': portrait('obama-official-portrait.jpg'),
  'grace_hopper.jpg': fixture('grace_hopper.jpg'),
  'astronaut.jpg': fixture('astronaut.jpg'),
};

const engine = new LocalEngine();
const outputSize = engine.settings.outputSize;
const width = cutLineWidth(outputSize);
const cases = new Map<string, { frame: Frame; faces: Rect[]; lined: Raster }>();
/** The grey the frame is painted before the line: a px the line darkened is darker than GREY_LINE. */
const GREY = 200;
const GREY_LINE = 150;

beforeAll(async () => {
  await engine.start();
  const style = LOCAL_STYLES.find((candidate) => candidate.id === 'bold-sticker')!;
  for (const [name, photo] of Object.entries(PHOTOS)) {
    const person = await engine.findPerson(photo);
    const frame = await frameStage(person, style.framing, outputSize);
    const { rect } = style.framing(person, outputSize);
    // The line alone, on an even grey: what it darkens is the line, not the photo's own dark hair.
    const grey = { ...frame.rgb, data: Buffer.alloc(frame.rgb.data.length, GREY) };
    cases.set(name, {
      frame,
      faces: facesInFrame(person, rect, frame),
      lined: await inkCutLine(grey, frame.alpha, width),
    });
  }
}, patience(120_000));

afterAll(() => engine.close());

/** Whether a px with alpha under half lies within `radius` px of (x, y): the outside, or a gap. */
function nearOutside(alpha: Raster, x: number, y: number, radius: number): boolean {
  for (let v = Math.max(0, y - radius); v <= Math.min(alpha.height - 1, y + radius); v++)
    for (let u = Math.max(0, x - radius); u <= Math.min(alpha.width - 1, x + radius); u++)
      if (alpha.data[v * alpha.width + u] < 128) return true;
  return false;
}

/** The px of `box` (clipped to the frame) that the line darkened, split by their depth inside the silhouette. */
function linePixels({ frame, lined }: { frame: Frame; lined: Raster }, box: Rect) {
  const { alpha } = frame;
  let deep = 0;
  let atEdge = 0;
  let inBox = 0;
  for (let y = Math.max(0, Math.floor(box.top)); y < Math.min(alpha.height, box.top + box.height); y++) {
    for (let x = Math.max(0, Math.floor(box.left)); x < Math.min(alpha.width, box.left + box.width); x++) {
      const i = y * alpha.width + x;
      if (alpha.data[i] < 128) continue;
      inBox++;
      if (lined.data[i * 3] >= GREY_LINE) continue;
      if (nearOutside(alpha, x, y, 2 * width)) atEdge++;
      else deep++;
    }
  }
  return { deep, atEdge, inBox };
}

describe("the bold sticker's cut line", () => {
  it.each(Object.keys(PHOTOS))('%s: runs along the outline and over no face', (name) => {
    const c = cases.get(name)!;
    expect(c.faces.length).toBeGreaterThan(0);
    for (const face of c.faces) {
      const { deep, inBox } = linePixels(c, face);
      expect(inBox).toBeGreaterThan(1000);
      // Deeper than twice the line's width inside the silhouette, a face is as it was (Collins's
      // face box held 94 such px on 5abce2f, every face none since).
      expect(
        deep,
        `line px deep inside the face at ${Math.round(face.left)},${Math.round(face.top)}`,
      ).toBeLessThanOrEqual(inBox * 0.005);
    }
    // The line is there, all along the outline.
    const all = linePixels(c, { left: 0, top: 0, width: c.frame.alpha.width, height: c.frame.alpha.height });
    expect(all.atEdge).toBeGreaterThan(2000);
  });

  it("leaves Michael Collins's cheeks and ears their own colours in the sticker", () => {
    // Collins is the best face of the crew photo; the line's dark px within his face box.
    const c = cases.get('apollo11-crew.png')!;
    const [collins] = c.faces;
    const { deep, atEdge } = linePixels(c, collins);
    // 3520 on 5abce2f (a band 10-20 px wide over ears and cheeks, 94 px of it deeper than twice
    // the line's width), 1315 since the line is drawn from the outer silhouette, none of it deep.
    expect(deep + atEdge).toBeLessThan(2000);
  });
});
