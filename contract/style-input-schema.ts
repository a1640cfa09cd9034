// The schemas of a style's inputs as a styles file declares them (contract/style-inputs.ts holds
// their rules and types): read by the server's styles file and by the styles the AI hub serves.
import { z } from 'zod/mini';
import { INPUT_NAME_PATTERN, TEXT_INPUT_MAX_LENGTH, MAX_INPUT_OPTIONS, type StyleInput } from './style-inputs.ts';

const inputName = z.string().check(z.regex(INPUT_NAME_PATTERN));
const label = z.string().check(z.minLength(1), z.maxLength(60));

export const TextInputSchema = z.object({
  name: inputName,
  label,
  type: z.literal('text'),
  maxLength: z.int().check(z.gte(1), z.lte(TEXT_INPUT_MAX_LENGTH)),
  characters: z.enum(['letters', 'words']),
});
export const ChoiceInputSchema = z.object({
  name: inputName,
  label,
  type: z.literal('choice'),
  options: z
    .array(z.string().check(z.minLength(1), z.maxLength(TEXT_INPUT_MAX_LENGTH)))
    .check(z.minLength(2), z.maxLength(MAX_INPUT_OPTIONS)),
});
export const StyleInputSchema: z.ZodMiniType<StyleInput> = z.union([TextInputSchema, ChoiceInputSchema]);
