// `npm run contact-sheet`: for every local style, one PNG showing every test portrait before and
// after, so a person can judge edges, holes and stray background at a glance (issue 21). Each row
// is a portrait: the photo, the result (transparency on a checkerboard), and the result at 1:1
// beside the face, where a staircase edge or a hole in the hair shows. Written to
// docs/contact-sheets/<style>.png, each under 300 KB so it can be committed. Style ids as
// arguments make only those sheets: `npm run contact-sheet -- comic bold-sticker`.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import sharp, { type OverlayOptions } from 'sharp';
import { LocalEngine } from '../server/engine/local/local-engine.ts';

const PORTRAITS = [
  new URL('../tests/fixtures/astronaut.jpg', import.meta.url),
  new URL('../tests/fixtures/grace_hopper.jpg', import.meta.url),
  new URL('../../shared/fixtures/portraits/apollo11-crew.png', import.meta.url),
  new URL('../../shared/fixtures/portraits/obama-official-portrait.jpg', import.meta.url),
];
const OUT_DIR = new URL('../docs/contact-sheets/', import.meta.url);
const CELL = 240;
const GAP = 6;
const MAX_BYTES = 300 * 1024;

/** A grey checkerboard: transparent parts of a sticker show as such, not as white. */
async function checkerboard(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      data.fill(((x >> 3) + (y >> 3)) % 2 ? 200 : 150, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The image fitted into a CELL square over a checkerboard. */
async function fitted(image: Uint8Array): Promise<Buffer> {
  const picture = await sharp(image)
    .resize(CELL, CELL, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp(await checkerboard(CELL, CELL))
    .composite([{ input: picture }])
    .png()
    .toBuffer();
}

/** A CELL square of the result at full size, at the side of the head (where edges show). */
async function closeUp(engine: LocalEngine, result: Uint8Array): Promise<Buffer> {
  const { width = CELL, height = CELL } = await sharp(result).metadata();
  const [face] = await engine.detectFaces(result);
  // detectFaces answers in the inference copy's coordinates (long side inferenceSize).
  const toResult = Math.max(width, height) / Math.min(engine.settings.inferenceSize, Math.max(width, height));
  const centreX = face ? (face.left + face.width * 0.3) * toResult : width / 2;
  const centreY = face ? face.top * toResult : height / 4;
  const left = Math.round(Math.min(Math.max(0, centreX - CELL / 2), Math.max(0, width - CELL)));
  const top = Math.round(Math.min(Math.max(0, centreY - CELL / 2), Math.max(0, height - CELL)));
  const crop = await sharp(result)
    .extract({ left, top, width: Math.min(CELL, width), height: Math.min(CELL, height) })
    .png()
    .toBuffer();
  return sharp(await checkerboard(CELL, CELL))
    .composite([{ input: crop, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

/** A palette PNG under MAX_BYTES: fewer colours for the grainy styles (halftone, pencil). */
async function smallPng(data: Buffer, width: number, height: number, channels: 3 | 4): Promise<Buffer> {
  let png = Buffer.alloc(0);
  for (const colours of [48, 24, 12]) {
    png = await sharp(data, { raw: { width, height, channels } })
      .png({ palette: true, colours, dither: 0, effort: 8, compressionLevel: 9 })
      .toBuffer();
    if (png.byteLength <= MAX_BYTES) break;
  }
  return png;
}

const engine = new LocalEngine();
await engine.start();
try {
  await mkdir(OUT_DIR, { recursive: true });
  const photos = await Promise.all(PORTRAITS.map((url) => readFile(url)));
  const photoCells = await Promise.all(photos.map(fitted));
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((id) => !engine.styles().some((style) => style.id === id));
  if (unknown.length > 0)
    throw new Error(
      `No style ${unknown.join(', ')}: the styles are ${engine
        .styles()
        .map((s) => s.id)
        .join(', ')}.`,
    );
  for (const style of engine.styles().filter((s) => wanted.length === 0 || wanted.includes(s.id))) {
    const cells: OverlayOptions[] = [];
    for (const [row, photo] of photos.entries()) {
      const result = (await engine.restyle({ photo, styleId: style.id })).images[0].data;
      const top = GAP + row * (CELL + GAP);
      cells.push(
        { input: photoCells[row], left: GAP, top },
        { input: await fitted(result), left: GAP * 2 + CELL, top },
        { input: await closeUp(engine, result), left: GAP * 3 + CELL * 2, top },
      );
    }
    const canvas = await sharp({
      create: {
        width: GAP * 4 + CELL * 3,
        height: GAP + photos.length * (CELL + GAP),
        channels: 3,
        background: '#ffffff',
      },
    })
      .composite(cells)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sheet = await smallPng(canvas.data, canvas.info.width, canvas.info.height, canvas.info.channels as 3 | 4);
    const path = new URL(`${style.id}.png`, OUT_DIR);
    await writeFile(path, sheet);
    console.log(`${path.pathname} (${Math.round(sheet.byteLength / 1024)} KB)`);
  }
} finally {
  await engine.close();
}
