// Error bodies of every host: one shape, a sentence a person can act on.
// zod/mini: the same schemas in a fraction of the bytes the browser would otherwise download.
import { z } from 'zod/mini';

export const ErrorBodySchema = z.looseObject({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
