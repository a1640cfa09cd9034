import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUTTON_MAX_WIDTH_PX,
  LOGO_HEIGHT_PX,
  PREVIEW_MAX_HEIGHT_PX,
  STYLE_TILE_MIN_WIDTH_PX,
} from '../../../contract/constants.ts';
import { SPEC_SIZES, SPEC_SIZES_STYLE } from '../../../src/lib/spec-sizes.ts';

const css = readFileSync(join(import.meta.dirname, '../../../src/styles/booth.css'), 'utf8');

describe("the spec's sizes in the stylesheet", () => {
  it('come from the contract as custom properties', () => {
    expect(SPEC_SIZES_STYLE).toContain(`--booth-tile-min-width:${STYLE_TILE_MIN_WIDTH_PX}px`);
    expect(SPEC_SIZES_STYLE).toContain(`--booth-button-max-width:${BUTTON_MAX_WIDTH_PX}px`);
    expect(SPEC_SIZES_STYLE).toContain(`--booth-preview-max-height:${PREVIEW_MAX_HEIGHT_PX}px`);
    expect(SPEC_SIZES_STYLE).toContain(`--booth-logo-height:${LOGO_HEIGHT_PX}px`);
  });

  it('are used by booth.css, which restates none of them', () => {
    for (const name of Object.keys(SPEC_SIZES)) expect(css).toContain(`var(${name})`);
    for (const px of [STYLE_TILE_MIN_WIDTH_PX, BUTTON_MAX_WIDTH_PX, PREVIEW_MAX_HEIGHT_PX, LOGO_HEIGHT_PX]) {
      expect(css).not.toMatch(new RegExp(`\\b${px}px`));
    }
    expect(css).not.toMatch(/padding:\s*2rem/);
  });
});
