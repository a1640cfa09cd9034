// `npm run thumbnails`: draws each style's tile picture with the engine itself, from a
// public-domain fixture photo, as a small WebP committed beside the engine.
// Run it again after changing a style, and commit the files it writes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { LocalEngine } from '../server/engine/local/local-engine.ts';
import { LOCAL_STYLES } from '../server/engine/local/styles/catalog.ts';

/** Tiles are at least 130 px wide; 320 px stays sharp on 2x screens at that size. */
const THUMBNAIL_SIZE = 320;
const SOURCE = new URL('../tests/fixtures/astronaut.jpg', import.meta.url);

const engine = new LocalEngine();
await engine.start();
try {
  const photo = await readFile(SOURCE);
  for (const style of LOCAL_STYLES) {
    const { images } = await engine.restyle({ photo, styleId: style.id });
    const webp = await sharp(images[0].data)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 80, alphaQuality: 90, effort: 6 })
      .toBuffer();
    const path = style.thumbnail as string;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, webp);
    console.log(`${style.id}: ${path} (${webp.byteLength} bytes)`);
  }
} finally {
  await engine.close();
}
