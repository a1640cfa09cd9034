import { existsSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../server/engine/index.ts';

// styles() is what the server's main thread lists: it must work without loading any model.
const styles = createEngine().styles();

describe('the local styles', () => {
  it('lists eight styles with short kebab-case ids, a label and a prompt', () => {
    expect(styles.map((style) => style.id)).toEqual([
      'die-cut-sticker',
      'bold-sticker',
      'pop-art',
      'comic',
      'pencil-sketch',
      'neon',
      'branded-scene',
      'studio-portrait',
    ]);
    for (const style of styles) {
      expect(style.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(style.description.length).toBeGreaterThan(2);
      expect(style.prompt.length).toBeGreaterThan(10);
    }
  });

  it('shows the peel on exactly the two sticker styles', () => {
    expect(styles.filter((style) => style.prompt.includes('sticker')).map((style) => style.id)).toEqual([
      'die-cut-sticker',
      'bold-sticker',
    ]);
  });

  it('marks exactly one style beta', () => {
    expect(styles.filter((style) => style.beta)).toHaveLength(1);
  });

  it('gives every style a small committed WebP thumbnail by absolute path', () => {
    for (const style of styles) {
      expect(style.thumbnail, style.id).toBeDefined();
      const path = style.thumbnail as string;
      expect(isAbsolute(path) && path.endsWith(`${style.id}.webp`) && existsSync(path)).toBe(true);
      expect(statSync(path).size).toBeLessThan(60_000);
    }
  });
});
