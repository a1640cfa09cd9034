// The scene template a scene style sends beside the photo: the backdrop of the guest's tenant
// (uploaded in the console, published with its brand: a file of the tenant asset folder on the
// embedded default, the store's bytes on a scale-out worker), else the style's own template from
// the styles file. A tenant backdrop that cannot be read gives way to the style's own, as the
// local branded scene gives way to the booth's own scene.
import fs from 'node:fs/promises';
import type { FrameImage } from '../brand/brand-frame.ts';
import type { SceneImage } from '../engine/remote/provider.ts';
import type { StyleDefinition } from '../engine/styles-file.ts';
import { imageMimeOf } from '../files/media-types.ts';

async function read(image: FrameImage): Promise<SceneImage | null> {
  const data = typeof image === 'string' ? await fs.readFile(image).catch(() => null) : image.data;
  const type = data ? imageMimeOf(data) : null;
  return data && type ? { data, type } : null;
}

/** What the provider receives as the scene: nothing for a style without one. */
export async function sceneFor(
  style: StyleDefinition,
  tenantScene: FrameImage | undefined,
): Promise<SceneImage | undefined> {
  if (!style.scene) return undefined;
  const own = tenantScene ? await read(tenantScene) : null;
  if (own) return own;
  const template = await read(style.scene);
  if (!template) throw new Error(`The scene template ${style.scene} of the style ${style.id} cannot be read.`);
  return template;
}
