// GET {ai host}/transformations/styles -> the list of styles
import { z } from 'zod';

export const STYLES_PATH = '/transformations/styles';

export const StyleIdSchema = z.union([z.string().min(1), z.number().int()]);
export type StyleId = z.infer<typeof StyleIdSchema>;

export const StyleSchema = z.looseObject({
  id: StyleIdSchema,
  description: z.string(),
  thumbnail: z.string().nullish(),
  beta: z.boolean().default(false),
});
export type Style = z.infer<typeof StyleSchema>;

export const StylesResponseSchema = z.array(StyleSchema);
