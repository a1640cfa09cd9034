// The local engine's styles: what the visitor sees on the tile, what the job reports as its
// prompt, and the function that draws it. A style id is part of the public API (style_id).
import { fileURLToPath } from 'node:url';
import type { EngineImage, EngineStyle } from '../../engine.ts';
import type { Person } from '../person.ts';
import { renderComic } from './comic.ts';
import { renderNeon } from './neon.ts';
import { renderPencilSketch } from './pencil-sketch.ts';
import { renderPopArt } from './pop-art.ts';
import { renderSticker } from './sticker.ts';

export type RenderStyle = (person: Person, outputSize: number) => Promise<EngineImage>;

export interface LocalStyle extends EngineStyle {
  render: RenderStyle;
}

const THUMBNAILS = fileURLToPath(new URL('../thumbnails/', import.meta.url));

function style(id: string, description: string, prompt: string, render: RenderStyle, beta = false): LocalStyle {
  return { id, description, prompt, beta, thumbnail: `${THUMBNAILS}${id}.webp`, render };
}

export const LOCAL_STYLES: readonly LocalStyle[] = [
  style('die-cut-sticker', 'Die-cut sticker', 'A die-cut sticker of you with a white outline',
    (person, size) => renderSticker(person, size, { bold: false })),
  style('bold-sticker', 'Bold sticker', 'A bold flat-colour sticker of you',
    (person, size) => renderSticker(person, size, { bold: true })),
  style('pop-art', 'Pop art', 'Pop art portrait in four colour schemes', renderPopArt),
  style('comic', 'Comic', 'Comic book portrait with bold ink lines and halftone dots', renderComic),
  // Beta: on noisy or dark clothing the dodge draws scribbles rather than fabric.
  style('pencil-sketch', 'Pencil sketch', 'Graphite pencil sketch on paper', renderPencilSketch, true),
  style('neon', 'Neon glow', 'Neon portrait glowing in the dark', renderNeon),
];
