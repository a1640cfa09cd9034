// The spec's sticker rule, alone: the results page's inline script applies it too (src/inline/first-job.ts).
import { STICKER_PROMPT_WORD } from '../../contract/constants.ts';

/** "If the prompt contains 'sticker', the image is shown as a peelable sticker." As written: lower case. */
export const isSticker = (prompt: string) => prompt.includes(STICKER_PROMPT_WORD);
