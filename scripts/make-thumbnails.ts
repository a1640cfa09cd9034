// `npm run thumbnails`: draws each local style's tile picture with the engine itself, from a
// public-domain fixture photo, as a small WebP committed beside the engine. Run it again after
// changing a style, and commit the files it writes.
// `npm run thumbnails -- --style ID`: one style of BOOTH_STYLES_FILE (a generative one too: the
// photo goes to its provider, with the booth's settings), written to the style's "thumbnail"
// path, or to thumbnails/{id}.webp beside the styles file.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { LocalEngine } from '../server/engine/local/local-engine.ts';
import { LOCAL_STYLES } from '../server/engine/local/styles/catalog.ts';
import { byName, configuredProviders, PROVIDER_SETTING } from '../server/engine/remote/providers.ts';
import type { Provider } from '../server/engine/remote/provider.ts';
import { loadStyles, type StyleDefinition } from '../server/engine/styles-file.ts';
import { loadSettings } from '../server/process/settings.ts';

/** Tiles are at least 130 px wide; 320 px stays sharp on 2x screens at that size. */
const THUMBNAIL_SIZE = 320;
const SOURCE = new URL('../tests/fixtures/astronaut.jpg', import.meta.url);

const { values } = parseArgs({ options: { style: { type: 'string' } } });

async function write(image: Uint8Array, path: string): Promise<void> {
  const webp = await sharp(image)
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .webp({ quality: 80, alphaQuality: 90, effort: 6 })
    .toBuffer();
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, webp);
  console.log(`${path} (${webp.byteLength} bytes)`);
}

/**
 * The picture of a generative style: its provider's, cut out locally for a sticker style. The
 * style was offered, so its provider is set up.
 */
async function generated(
  style: StyleDefinition,
  provider: Provider,
  photo: Buffer,
  engine: LocalEngine,
  timeoutMs: number,
): Promise<Uint8Array> {
  const picture = await provider.generate({
    photo,
    photoType: 'image/jpeg',
    prompt: style.prompt,
    options: style.options,
    seed: 1,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!style.sticker) return picture.data;
  return (await engine.restyle({ photo: picture.data, styleId: 'die-cut-sticker' })).images[0]!.data;
}

const engine = new LocalEngine();
await engine.start();
try {
  const photo = await readFile(SOURCE);
  if (values.style) {
    const settings = loadSettings();
    const providers = byName(configuredProviders(settings.providers));
    const { styles } = loadStyles(settings.stylesFile, providers, PROVIDER_SETTING);
    const style = styles.find((s) => s.id === values.style);
    if (!style)
      throw new Error(`No style "${values.style}" is offered (styles: ${styles.map((s) => s.id).join(', ')}).`);
    const image =
      style.engine === 'local'
        ? (await engine.restyle({ photo, styleId: style.id })).images[0]!.data
        : await generated(style, providers.get(style.engine)!, photo, engine, settings.jobTimeoutMs);
    const path =
      style.thumbnail ?? join(resolve(dirname(settings.stylesFile ?? '.')), 'thumbnails', `${style.id}.webp`);
    await write(image, path);
    if (!style.thumbnail)
      console.log(`Add "thumbnail": "thumbnails/${style.id}.webp" to the style in ${settings.stylesFile} to show it.`);
  } else {
    for (const style of LOCAL_STYLES) {
      const { images } = await engine.restyle({ photo, styleId: style.id });
      await write(images[0]!.data, style.thumbnail as string);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await engine.close();
}
