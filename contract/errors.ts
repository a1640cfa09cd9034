// Error bodies of every host: one shape, a sentence a person can act on.
import { z } from 'zod';

export const ErrorBodySchema = z.looseObject({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
