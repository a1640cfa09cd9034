// Which pictures a job makes for a tenant with several per guest (server/run/pictures.ts).
import { describe, expect, it } from 'vitest';
import type { StyleDefinition } from '../../../server/engine/styles-file.ts';
import { distinctSeeds, pictureStyleIds, picturesOf } from '../../../server/run/pictures.ts';

const style = (id: string, engine: StyleDefinition['engine'] = 'local'): [string, StyleDefinition] => [
  id,
  { id, description: id, prompt: `A ${id} of you`, beta: false, engine, options: {}, sticker: false },
];
const offered = new Map([
  style('die-cut-sticker'),
  style('anime', 'openai'),
  style('pop-art'),
  style('comic'),
  style('neon'),
]);

describe('several pictures per guest', () => {
  it('makes one picture for a job without the setting, and at most four', () => {
    expect(picturesOf(null)).toBe(1);
    expect(picturesOf({ mirror: true })).toBe(1);
    expect(picturesOf({ pictures: 3 })).toBe(3);
    expect(picturesOf({ pictures: 9 })).toBe(4);
  });

  it("makes the picked style first, then the tenant's local styles in its order, each once", () => {
    expect(pictureStyleIds('comic', ['pop-art', 'comic', 'anime', 'neon', 'die-cut-sticker'], offered, 4)).toEqual([
      'comic',
      'pop-art',
      'neon',
      'die-cut-sticker',
    ]);
    expect(pictureStyleIds('comic', ['pop-art'], offered, 4)).toEqual(['comic', 'pop-art']);
    expect(pictureStyleIds('neon', ['gone', 'pop-art'], offered, 2)).toEqual(['neon', 'pop-art']);
  });

  it('takes the offered local styles in their order when the tenant names no set', () => {
    expect(pictureStyleIds('neon', undefined, offered, 3)).toEqual(['neon', 'die-cut-sticker', 'pop-art']);
  });

  it('gives each sample a seed of its own', () => {
    for (let i = 0; i < 50; i++) expect(new Set(distinctSeeds(4)).size).toBe(4);
  });
});
