// `npm run thumbnails -- --style ID` for a generative style: the sample photo goes through the
// style's provider (here the OpenAI stand-in) and the tile picture lands beside the styles file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataDir, REPO_ROOT } from '../../support/server-process.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';

let standIn: OpenAiStandIn;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(() => standIn?.close());

function thumbnails(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/make-thumbnails.ts'), ...args], {
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run thumbnails -- --style', () => {
  it('runs a generative style on the sample photo through its provider and writes the tile picture', async () => {
    const dir = newDataDir('thumbnails');
    const stylesFile = path.join(dir, 'styles.json');
    fs.writeFileSync(
      stylesFile,
      JSON.stringify({
        styles: [
          { id: 'anime', description: 'Anime hero', prompt: 'Turn the person into an anime hero', engine: 'openai' },
        ],
      }),
    );
    const env = {
      BOOTH_STYLES_FILE: stylesFile,
      BOOTH_OPENAI_API_KEY: standIn.key,
      BOOTH_OPENAI_BASE_URL: standIn.url,
      BOOTH_DATA_DIR: dir,
    };
    const run = await thumbnails(['--style', 'anime'], env);
    expect(run.code, run.out).toBe(0);
    const file = path.join(dir, 'thumbnails', 'anime.webp');
    expect(run.out).toContain(`Add "thumbnail": "thumbnails/anime.webp"`);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(320);
    expect(standIn.received.at(-1)).toMatchObject({ prompt: 'Turn the person into an anime hero' });
    const [red, green] = (await sharp(file).stats()).channels;
    expect(red!.mean - green!.mean).toBeGreaterThan(30);
  });

  it('says which styles exist when the id is not one of them', async () => {
    const run = await thumbnails(['--style', 'nope'], { BOOTH_STYLES_FILE: '' });
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      'No style "nope" is offered (styles: die-cut-sticker, bold-sticker, pop-art, comic, pencil-sketch, neon, branded-scene, studio-portrait).',
    );
  });
});
