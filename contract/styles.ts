// GET {ai host}/transformations/styles -> the list of styles
// zod/mini: the same schemas in a fraction of the bytes the browser would otherwise download.
import { z } from 'zod/mini';
import { StyleInputSchema } from './style-input-schema.ts';

export const STYLES_PATH = '/transformations/styles';

export const StyleIdSchema = z.union([z.string().check(z.minLength(1)), z.int()]);
export type StyleId = z.infer<typeof StyleIdSchema>;

export const StyleSchema = z.looseObject({
  id: StyleIdSchema,
  description: z.string(),
  thumbnail: z.nullish(z.string()),
  beta: z._default(z.boolean(), false),
  /**
   * The guest's own words the style asks for after its tile is picked (contract/style-inputs.ts):
   * a compatible addition; a style without it is picked as the spec's tiles are.
   */
  inputs: z.optional(z.array(StyleInputSchema)),
});
export type Style = z.infer<typeof StyleSchema>;

export const StylesResponseSchema = z.array(StyleSchema);
