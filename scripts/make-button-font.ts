// `npx node scripts/make-button-font.ts`: writes contract/i18n/button-font.ts, the advance width of
// each character the booth's languages write, in the font a button's text is measured in
// (contract/i18n/button-fit.ts). The buttons use the system font stack (src/styles/booth.css):
// DejaVu Sans Bold (Debian's fonts-dejavu-core, the font Chromium draws system-ui with here, and
// the widest of the stack's fonts) at weight 600, which it draws in its bold. Kerning is left
// out (it only narrows a line), and an Arabic letter counts its widest joined form, so the table
// measures a text at least as wide as the browser draws it. Run it again after adding a language
// whose letters are outside these ranges, and commit the file it writes.
import { writeFile } from 'node:fs/promises';
import * as fontkit from 'fontkit';

const FONT_FILE = process.env.BUTTON_FONT_FILE ?? '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const OUT = new URL('../contract/i18n/button-font.ts', import.meta.url);

/** Latin with its accents, punctuation and symbols, and Arabic with its own digits. */
const RANGES: readonly [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x2010, 0x203a],
  [0x20ac, 0x20ac],
  [0x600, 0x6ff],
];

interface Layout {
  positions: { xAdvance: number }[];
}
interface Font {
  unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string, features?: Record<string, boolean>): Layout;
}

const font = (fontkit as unknown as { openSync(path: string): Font }).openSync(FONT_FILE);
const advance = (text: string) =>
  font.layout(text, { kern: false }).positions.reduce((sum, position) => sum + position.xAdvance, 0);

const TATWEEL = '\u0640';
const isArabicLetter = (codePoint: number) => codePoint >= 0x620 && codePoint <= 0x6ff;

/** A character's widest width alone and, for an Arabic letter, joined at either side (tatweel stands in). */
function widthOf(codePoint: number): number {
  if (!font.hasGlyphForCodePoint(codePoint)) return 0;
  const c = String.fromCodePoint(codePoint);
  const alone = advance(c);
  if (!isArabicLetter(codePoint)) return alone;
  const joiner = advance(TATWEEL);
  return Math.max(
    alone,
    advance(`${c}${TATWEEL}`) - joiner,
    advance(`${TATWEEL}${c}`) - joiner,
    advance(`${TATWEEL}${c}${TATWEEL}`) - 2 * joiner,
  );
}

const ranges = RANGES.map(([first, last]) => {
  const widths: number[] = [];
  for (let cp = first; cp <= last; cp++) widths.push(widthOf(cp));
  return `  [0x${first.toString(16)}, '${widths.map((w) => w.toString(36)).join(',')}'],`;
});
// A character outside the table (or without a glyph: the browser takes it from another font)
// counts as wide as the font's widest letter, so an unknown text is never measured too narrow.
const widest = Math.max(...'MW@%ÆŒ'.split('').map((c) => advance(c)));

await writeFile(
  OUT,
  `// Written by scripts/make-button-font.ts from ${FONT_FILE.split('/').pop()}: do not edit.
// Each range: its first code point, then each character's advance in font units (base 36; 0: no glyph).
export const BUTTON_FONT = {
  name: 'DejaVu Sans Bold',
  unitsPerEm: ${font.unitsPerEm},
  /** What a character outside the ranges counts as: the font's widest letter. */
  fallback: ${widest},
  ranges: [
${ranges.join('\n')}
  ] as readonly (readonly [number, string])[],
} as const;
`,
);
console.log(`${OUT.pathname}: ${RANGES.length} ranges, units per em ${font.unitsPerEm}, fallback ${widest}`);
