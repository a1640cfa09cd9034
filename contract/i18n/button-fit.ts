// Whether a text fits its button: the spec caps a button at 200 px, and on a 320 px wide screen
// (the narrowest phone the booth serves; the container's 2rem padding leaves 256 px) the cap is
// what binds. The text is measured in the font the booth's buttons use (contract/i18n/button-font.ts,
// made from DejaVu Sans Bold by scripts/make-button-font.ts), never narrower than Chromium draws it.
import { BUTTON_MAX_WIDTH_PX } from '../constants.ts';
import { BUTTON_FONT } from './button-font.ts';

/** `.booth-button` in src/styles/booth.css: font-size 0.95rem, padding 0.65rem 0.8rem, 16 px a rem. */
export const BUTTON_FONT_SIZE_PX = 0.95 * 16;
export const BUTTON_PADDING_INLINE_PX = 0.8 * 16;
/** The width a button's text has inside the 200 px cap: 174.4 px. */
export const BUTTON_TEXT_ROOM_PX = BUTTON_MAX_WIDTH_PX - 2 * BUTTON_PADDING_INLINE_PX;
/**
 * A button's text may wrap onto a second line (it stays one tap target, 44 px high or more);
 * a third line, or a word wider than the button, does not fit.
 */
export const BUTTON_MAX_LINES = 2;

const advances = new Map<number, number>();
for (const [first, widths] of BUTTON_FONT.ranges)
  widths.split(',').forEach((width, i) => {
    const units = Number.parseInt(width, 36);
    if (units > 0) advances.set(first + i, units);
  });

/** The width of `text` on one line of a button, in CSS px. */
export function buttonTextWidth(text: string): number {
  let units = 0;
  for (const char of text) units += advances.get(char.codePointAt(0)!) ?? BUTTON_FONT.fallback;
  return (units / BUTTON_FONT.unitsPerEm) * BUTTON_FONT_SIZE_PX;
}

/** The lines a button breaks `text` into at its spaces, as the browser does (each line as wide as fits). */
export function buttonLines(text: string): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && buttonTextWidth(`${last} ${word}`) <= BUTTON_TEXT_ROOM_PX)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Why `text` would not fit its button at a 320 px wide screen, or null. */
export function buttonFitProblem(text: string): string | null {
  const lines = buttonLines(text);
  const room = Math.floor(BUTTON_TEXT_ROOM_PX);
  const wide = lines.find((line) => buttonTextWidth(line) > BUTTON_TEXT_ROOM_PX);
  if (wide)
    return `would not fit its button on a 320 px wide screen: “${wide}” is ${Math.ceil(buttonTextWidth(wide))} px wide and a button has ${room} px for its text (200 px at most)`;
  if (lines.length > BUTTON_MAX_LINES)
    return `would not fit its button on a 320 px wide screen: it takes ${lines.length} lines of ${room} px, and a button has room for ${BUTTON_MAX_LINES}`;
  return null;
}
