// A scene style in the styles file: its scene template, relative to the file, checked at start
// with one line naming the style, the field and what to do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../../server/engine/remote/openai.ts';
import type { Provider, ProviderName } from '../../../server/engine/remote/provider.ts';
import { PROVIDER_SETTING } from '../../../server/engine/remote/providers.ts';
import { loadStyles } from '../../../server/engine/styles-file.ts';

const openai = new Map<ProviderName, Provider>([
  ['openai', createOpenAiProvider({ apiKey: 'sk-example', baseUrl: 'http://127.0.0.1:9/v1' })],
]);
const JPEG = fs.readFileSync(new URL('../../fixtures/grace_hopper.jpg', import.meta.url));
const gala = (more: Record<string, unknown> = {}) => ({
  id: 'gala',
  description: 'Gala',
  prompt: 'You at the gala',
  engine: 'openai',
  ...more,
});

function load(styles: unknown[], files: Record<string, Buffer | string> = {}) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'styles-'));
  for (const [name, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), data);
  }
  const file = path.join(folder, 'styles.json');
  fs.writeFileSync(file, JSON.stringify({ styles }));
  return { folder, load: () => loadStyles(file, openai, PROVIDER_SETTING) };
}

describe('a scene in the styles file', () => {
  it('keeps the scene template as a path beside the styles file', () => {
    const { folder, load: loaded } = load([gala({ scene: 'scenes/ballroom.jpg' })], { 'scenes/ballroom.jpg': JPEG });
    expect(loaded().styles[0]).toMatchObject({ id: 'gala', scene: path.join(folder, 'scenes', 'ballroom.jpg') });
  });

  it('leaves a style without one as it was', () => {
    expect(load([gala()]).load().styles[0]!.scene).toBeUndefined();
  });

  it.each([
    [
      [gala({ scene: 'nowhere.jpg' })],
      {},
      /^Invalid styles file .*: style "gala", field scene: there is no file .*nowhere\.jpg$/,
    ],
    [
      [gala({ scene: 'guests.txt' })],
      { 'guests.txt': 'a list of guests' },
      /style "gala", field scene: .*guests\.txt is not a JPEG, PNG or WebP image$/,
    ],
    [
      [gala({ prompt: 'A sticker of you', sticker: true, scene: 'b.jpg' })],
      { 'b.jpg': JPEG },
      /style "gala", field scene: a sticker is cut out of its picture; a scene style fills its picture$/,
    ],
    [
      [{ id: 'neon', engine: 'local', scene: 'b.jpg' }],
      { 'b.jpg': JPEG },
      /style "neon", field scene: a local style's scene is the tenant's backdrop; scene is for generative styles$/,
    ],
    [[gala({ scene: '' })], {}, /style "gala", field scene: name the scene template's image file/],
  ])('refuses %j with the field named', (styles, files, message) => {
    expect(load(styles, files).load).toThrow(message);
  });
});
