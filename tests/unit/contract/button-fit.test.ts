// The fit of a button's text (contract/i18n/button-fit.ts): measured with the table made from the
// font Chromium draws the booth's buttons in, never narrower than that font lays the text out, on
// the sizes booth.css gives a button; and every shipped language's buttons fit.
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import {
  BUTTON_FONT_SIZE_PX,
  BUTTON_PADDING_INLINE_PX,
  BUTTON_TEXT_ROOM_PX,
  buttonFitProblem,
  buttonLines,
  buttonTextWidth,
} from '../../../contract/i18n/button-fit.ts';
import { defaultText } from '../../../contract/i18n/overrides.ts';
import { CATALOGUES, LANGUAGES } from '../../../contract/i18n/index.ts';
import { BUTTON_TEXTS } from '../../../contract/i18n/screens.ts';

const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
interface Font {
  unitsPerEm: number;
  layout(text: string): { positions: { xAdvance: number }[] };
}
const font = (fontkit as unknown as { openSync(path: string): Font }).openSync(FONT_FILE);
/** The width the font itself lays the text out at (shaped, kerned), in px at the button's size. */
const laidOut = (text: string) =>
  (font.layout(text).positions.reduce((sum, p) => sum + p.xAdvance, 0) / font.unitsPerEm) * BUTTON_FONT_SIZE_PX;

const shipped = LANGUAGES.flatMap((language) =>
  BUTTON_TEXTS.map((key) => ({ language, key, text: defaultText(language, key)! })),
);

describe('a button text’s width', () => {
  it('is measured on the sizes the booth’s stylesheet gives a button', () => {
    const css = readFileSync(new URL('../../../src/styles/booth.css', import.meta.url), 'utf8');
    const rule = /\.booth-button \{([^}]*)\}/.exec(css)![1]!;
    expect(rule).toContain(`font-size: ${BUTTON_FONT_SIZE_PX / 16}rem;`);
    expect(rule).toContain(`padding: 0.65rem ${BUTTON_PADDING_INLINE_PX / 16}rem;`);
    expect(rule).toContain('font-weight: 600;');
    expect(BUTTON_TEXT_ROOM_PX).toBeCloseTo(174.4);
  });

  it('is never narrower than the font lays out a shipped button text, and close to it for Latin letters', () => {
    for (const { language, key, text } of shipped) {
      const measured = buttonTextWidth(text);
      const real = laidOut(text);
      expect(measured, `${language} ${key} “${text}”`).toBeGreaterThanOrEqual(real - 0.01);
      if (language !== 'ar') expect(measured, `${language} ${key} “${text}”`).toBeLessThan(real * 1.05 + 1);
    }
  });

  it('measures “Take Another Photo” as booth.css was sized by (168 px kerned), within one line', () => {
    const width = buttonTextWidth('Take Another Photo');
    expect(width).toBeGreaterThanOrEqual(168.2);
    expect(width).toBeLessThan(BUTTON_TEXT_ROOM_PX);
  });

  it('counts a character the table lacks as the font’s widest letter', () => {
    expect(buttonTextWidth('漢')).toBeGreaterThanOrEqual(buttonTextWidth('W'));
  });
});

describe('whether a button text fits', () => {
  it('breaks a text at its spaces into lines as wide as fit', () => {
    expect(buttonLines('Take Another Photo')).toEqual(['Take Another Photo']);
    expect(buttonLines('Choose another photo')).toEqual(['Choose another', 'photo']);
  });

  it('fits on one or two lines, not on three, and not with a word wider than the button', () => {
    expect(buttonFitProblem('Start')).toBeNull();
    expect(buttonFitProblem('Choose another photo')).toBeNull();
    expect(buttonFitProblem('Take another photo and then pick another style')).toMatch(
      /^would not fit its button on a 320 px wide screen: it takes 3 lines of 174 px, and a button has room for 2$/,
    );
    expect(buttonFitProblem('Fotoautomatenbildbearbeitung')).toMatch(
      /^would not fit its button on a 320 px wide screen: “Fotoautomatenbildbearbeitung” is \d+ px wide and a button has 174 px for its text \(200 px at most\)$/,
    );
  });

  it('holds for every button of every shipped language', () => {
    const misfits = shipped.filter(({ text }) => buttonFitProblem(text) !== null);
    expect(misfits).toEqual([]);
    expect(shipped.length).toBe(LANGUAGES.length * BUTTON_TEXTS.length);
    expect(Object.keys(CATALOGUES)).toHaveLength(LANGUAGES.length);
  });
});
