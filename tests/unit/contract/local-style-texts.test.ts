import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import {
  LOCAL_STYLE_CAPTIONS,
  LOCAL_STYLE_NAMES,
  styleCaption,
  styleName,
} from '../../../contract/local-style-texts.ts';

describe("the booth's own styles in the page's language", () => {
  it('names a booth style in the page’s language, and keeps English for English pages', () => {
    expect(styleName(LOCAL_STYLE_NAMES['die-cut-sticker'], CATALOGUES.fr.styleNames)).toBe(
      CATALOGUES.fr.styleNames['die-cut-sticker'],
    );
    expect(styleName(LOCAL_STYLE_NAMES.neon, CATALOGUES.ar.styleNames)).toBe(CATALOGUES.ar.styleNames.neon);
    expect(CATALOGUES.ar.styleNames.neon).not.toBe(LOCAL_STYLE_NAMES.neon);
    expect(styleName('Die-cut sticker', CATALOGUES.en.styleNames)).toBe('Die-cut sticker');
  });

  it('keeps a name or a caption the operator wrote as they wrote it', () => {
    expect(styleName('Superhero poster', CATALOGUES.fr.styleNames)).toBe('Superhero poster');
    expect(styleCaption('A watercolour of you', CATALOGUES.de.styleCaptions)).toBe('A watercolour of you');
  });

  it("tells a booth style's result caption in the page's language", () => {
    expect(styleCaption(LOCAL_STYLE_CAPTIONS['pop-art'], CATALOGUES.fr.styleCaptions)).toBe(
      'Portrait pop art en quatre jeux de couleurs',
    );
  });

  it('has the same styles as the local engine', async () => {
    const { LOCAL_STYLES } = await import('../../../server/engine/local/styles/catalog.ts');
    expect(LOCAL_STYLES.map((s) => s.id).sort()).toEqual(Object.keys(LOCAL_STYLE_NAMES).sort());
    for (const style of LOCAL_STYLES) {
      expect(style.description).toBe(LOCAL_STYLE_NAMES[style.id as keyof typeof LOCAL_STYLE_NAMES]);
      expect(style.prompt).toBe(LOCAL_STYLE_CAPTIONS[style.id as keyof typeof LOCAL_STYLE_CAPTIONS]);
    }
  });
});
