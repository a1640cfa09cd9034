// The local engine's styles as data: what the visitor sees on the tile, what the job reports as
// its prompt, and the style's part of the pipeline (pipeline.ts): its framing, its painter and
// its output format. A style id is part of the public API (style_id).
import { fileURLToPath } from 'node:url';
import { LOCAL_STYLE_CAPTIONS, LOCAL_STYLE_NAMES } from '../../../../contract/local-style-texts.ts';
import type { LocalStyle } from '../pipeline.ts';
import { paintComic } from './comic.ts';
import { paintNeon } from './neon.ts';
import { paintPencilSketch } from './pencil-sketch.ts';
import { paintPopArt, popArtFraming } from './pop-art.ts';
import { portraitOfAll } from './portrait-framing.ts';
import { paintScene, sceneFraming } from './branded-scene.ts';
import { paintSticker, stickerCutout } from './sticker.ts';
import { paintStudio, studioFraming } from './studio-portrait.ts';

export type { LocalStyle } from '../pipeline.ts';

const THUMBNAILS = fileURLToPath(new URL('../thumbnails/', import.meta.url));
const thumbnail = (id: string) => `${THUMBNAILS}${id}.webp`;

const STYLES: Omit<LocalStyle, 'thumbnail'>[] = [
  {
    id: 'die-cut-sticker',
    description: LOCAL_STYLE_NAMES['die-cut-sticker'],
    prompt: LOCAL_STYLE_CAPTIONS['die-cut-sticker'],
    beta: false,
    framing: stickerCutout,
    paint: paintSticker({ bold: false }),
    output: 'png',
  },
  {
    id: 'bold-sticker',
    description: LOCAL_STYLE_NAMES['bold-sticker'],
    prompt: LOCAL_STYLE_CAPTIONS['bold-sticker'],
    beta: false,
    framing: stickerCutout,
    paint: paintSticker({ bold: true }),
    output: 'png',
  },
  {
    id: 'pop-art',
    description: LOCAL_STYLE_NAMES['pop-art'],
    prompt: LOCAL_STYLE_CAPTIONS['pop-art'],
    beta: false,
    framing: popArtFraming,
    paint: paintPopArt,
    output: 'jpeg',
  },
  {
    id: 'comic',
    description: LOCAL_STYLE_NAMES.comic,
    prompt: LOCAL_STYLE_CAPTIONS.comic,
    beta: false,
    framing: portraitOfAll(4 / 5),
    paint: paintComic,
    output: 'jpeg',
  },
  // Beta: on noisy or dark clothing the dodge drew scribbles rather than fabric. Since the dodge's
  // dark floor the jackets read as shading (tests/integration/engine/style-quality.test.ts);
  // the flag stays until the sketch has been judged on more photos than the four portraits.
  {
    id: 'pencil-sketch',
    description: LOCAL_STYLE_NAMES['pencil-sketch'],
    prompt: LOCAL_STYLE_CAPTIONS['pencil-sketch'],
    beta: true,
    framing: portraitOfAll(4 / 5),
    paint: paintPencilSketch,
    output: 'jpeg',
  },
  {
    id: 'neon',
    description: LOCAL_STYLE_NAMES.neon,
    prompt: LOCAL_STYLE_CAPTIONS.neon,
    beta: false,
    framing: portraitOfAll(4 / 5),
    paint: paintNeon,
    output: 'jpeg',
  },
  // The tenant's backdrop (branding sceneUrl) reaches the painter with the job; without one, the booth's own scene.
  {
    id: 'branded-scene',
    description: LOCAL_STYLE_NAMES['branded-scene'],
    prompt: LOCAL_STYLE_CAPTIONS['branded-scene'],
    beta: false,
    framing: sceneFraming,
    paint: paintScene,
    output: 'jpeg',
  },
  {
    id: 'studio-portrait',
    description: LOCAL_STYLE_NAMES['studio-portrait'],
    prompt: LOCAL_STYLE_CAPTIONS['studio-portrait'],
    beta: false,
    framing: studioFraming,
    paint: paintStudio,
    output: 'jpeg',
  },
];

/** Each with its committed thumbnail, named after its id. */
export const LOCAL_STYLES: readonly LocalStyle[] = STYLES.map((style) => ({
  ...style,
  thumbnail: thumbnail(style.id),
}));
