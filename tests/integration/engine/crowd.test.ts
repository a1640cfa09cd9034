// A crowd (issue 21): ten people or more, each small in the photo, give a picture of the group,
// never a crop of background. The crowd is a collage of the public-domain portraits, five across
// and two down, as the faces of a crowd are: ten of them, each a fraction of the photo.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEngine } from '../../../server/engine/local/local-engine.ts';
import type { Person } from '../../../server/engine/local/person.ts';
import { LOCAL_STYLES } from '../../../server/engine/local/styles/catalog.ts';
import { opaqueAt } from './support/matte-measures.ts';
import { fixture, pixels, type Pixels } from './support/pixels.ts';
import { patience } from '../../support/patience.ts';

const PORTRAITS_DIR = new URL('../../../../shared/fixtures/portraits/', import.meta.url);
const FACES = [
  fixture('astronaut.jpg'),
  fixture('grace_hopper.jpg'),
  readFileSync(new URL('obama-official-portrait.jpg', PORTRAITS_DIR)),
];

async function crowdPhoto(columns: number, rows: number): Promise<Buffer> {
  const [width, height] = [1600, 900];
  const [tileWidth, tileHeight] = [Math.round(width / columns), Math.round(height / rows)];
  const tiles = await Promise.all(
    Array.from({ length: columns * rows }, async (_, i) => ({
      input: await sharp(FACES[i % FACES.length])
        .resize(tileWidth, tileHeight, { fit: 'cover', position: 'top' })
        .toBuffer(),
      left: (i % columns) * tileWidth,
      top: Math.floor(i / columns) * tileHeight,
    })),
  );
  return sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .composite(tiles)
    .jpeg()
    .toBuffer();
}

const engine = new LocalEngine();
let person: Person;
let sticker: Pixels;

beforeAll(async () => {
  await engine.start();
  const photo = await crowdPhoto(5, 2);
  person = await engine.findPerson(photo);
  sticker = await pixels((await engine.restyle({ photo, styleId: 'die-cut-sticker' })).images[0].data);
}, patience(120_000));

afterAll(() => engine.close());

describe('a crowd of ten', () => {
  it('has its ten faces found', () => {
    expect(person.faces).toHaveLength(10);
  });

  it('comes back as a die-cut sticker of the whole group: every face inside its opaque area', () => {
    const style = LOCAL_STYLES.find((candidate) => candidate.id === 'die-cut-sticker')!;
    const { rect, longSide } = style.framing(person, engine.settings.outputSize);
    const ratio = longSide / Math.max(rect.width, rect.height);
    // The sticker is the frame padded evenly for its outline and shadow.
    const pad = (sticker.width - Math.round(rect.width * ratio)) / 2;
    const matte = { data: sticker.data, width: sticker.width, height: sticker.height, stride: 4, offset: 3 };
    for (const face of person.faces) {
      const x = (face.left + face.width / 2 - rect.left) * ratio + pad;
      const y = (face.top + face.height / 2 - rect.top) * ratio + pad;
      expect(opaqueAt(matte, x, y), `face at ${Math.round(face.left)},${Math.round(face.top)}`).toBe(true);
    }
  });
});
