// The words of the embedded AI hub's local styles: each tile's name and the caption its result
// carries (the job's prompt), in English. The engine's styles use them, and a page in another
// language shows its catalogue's words for a style that still carries these (contract/i18n/,
// sections styleNames and styleCaptions); a style the operator renamed keeps the operator's words.

export const LOCAL_STYLE_NAMES = {
  'die-cut-sticker': 'Die-cut sticker',
  'bold-sticker': 'Bold sticker',
  'pop-art': 'Pop art',
  comic: 'Comic',
  'pencil-sketch': 'Pencil sketch',
  neon: 'Neon glow',
  'branded-scene': 'Branded scene',
  'studio-portrait': 'Studio portrait',
} as const;

export const LOCAL_STYLE_CAPTIONS = {
  'die-cut-sticker': 'A die-cut sticker of you with a white outline',
  'bold-sticker': 'A bold flat-colour sticker of you',
  'pop-art': 'Pop art portrait in four colour schemes',
  comic: 'Comic book portrait with bold ink lines and halftone dots',
  'pencil-sketch': 'Graphite pencil sketch on paper',
  neon: 'Neon portrait glowing in the dark',
  'branded-scene': "You photographed in the event's own scene",
  'studio-portrait': 'Studio portrait with a soft background and flattering light',
} as const;

export type LocalStyleId = keyof typeof LOCAL_STYLE_NAMES;

type Words = Readonly<Record<LocalStyleId, string>>;

/** `english` told in the page's words when it is one of the booth's own (by its key), else as it is. */
function ownWords(english: string, booth: Words, page: Words): string {
  for (const [id, text] of Object.entries(booth)) if (text === english) return page[id as LocalStyleId];
  return english;
}

/** A style's tile name in the page's language: the booth's own name translated, the operator's as written. */
export const styleName = (description: string, page: Words) => ownWords(description, LOCAL_STYLE_NAMES, page);

/** A result's caption in the page's language: a local style's prompt translated, any other as it is. */
export const styleCaption = (prompt: string, page: Words) => ownWords(prompt, LOCAL_STYLE_CAPTIONS, page);
