// POST {ai host}/transformations/visitors/ -> {token}
// Not in the spec's calls: a compatible addition. A browser asks once per visit and sends the
// token back on each create as the X-Booth-Visitor header, so the AI hub counts its limits per
// visitor (a phone) and not only per address (a venue's Wi-Fi is one address for every guest).
// A client that never asks, and sends no header, is counted by its address as before.
import { z } from 'zod/mini';

export const VISITORS_PATH = '/transformations/visitors/';
/** The request header that carries a visitor token on POST /transformations/jobs/create/. */
export const VISITOR_HEADER = 'X-Booth-Visitor';

export const VisitorTokenResponseSchema = z.looseObject({ token: z.string().check(z.minLength(1)) });
export type VisitorTokenResponse = z.infer<typeof VisitorTokenResponseSchema>;
