// The scene a scene style sends: the tenant's backdrop from the asset folder (the embedded
// default) or from the store's bytes (a scale-out worker), else the style's own template.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StyleDefinition } from '../../../server/engine/styles-file.ts';
import { sceneFor } from '../../../server/run/scene-image.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scene-'));
const jpeg = fs.readFileSync(new URL('../../fixtures/grace_hopper.jpg', import.meta.url));
const other = fs.readFileSync(new URL('../../fixtures/rocket.jpg', import.meta.url));
const own = path.join(folder, 'ballroom.jpg');
fs.writeFileSync(own, jpeg);
const backdrop = path.join(folder, 'backdrop.jpg');
fs.writeFileSync(backdrop, other);
const style = (scene?: string) =>
  ({ id: 'gala', engine: 'openai', options: {}, sticker: false, ...(scene ? { scene } : {}) }) as StyleDefinition;

describe('the scene a style sends', () => {
  it('is nothing for a style without a scene, even when the tenant has a backdrop', async () => {
    expect(await sceneFor(style(), backdrop)).toBeUndefined();
  });

  it("is the style's own template when the tenant has no backdrop", async () => {
    expect(await sceneFor(style(own), undefined)).toEqual({ data: jpeg, type: 'image/jpeg' });
  });

  it("is the tenant's backdrop, from its file or from the store's bytes", async () => {
    expect(await sceneFor(style(own), backdrop)).toEqual({ data: other, type: 'image/jpeg' });
    const stored = { key: 'frames/images/abc.jpg', data: new Uint8Array(other) };
    expect(await sceneFor(style(own), stored)).toEqual({ data: stored.data, type: 'image/jpeg' });
  });

  it("gives way to the style's own when the backdrop's file is gone or is not an image", async () => {
    expect((await sceneFor(style(own), path.join(folder, 'gone.jpg')))?.data).toEqual(jpeg);
    const text = { key: 'frames/images/abc.jpg', data: new TextEncoder().encode('not an image') };
    expect((await sceneFor(style(own), text))?.data).toEqual(jpeg);
  });
});
