// GET {content host}/datasets/{dataset id}  header Authorization 'JWT {token}'
//   -> {content: [branding items with slug]}
import { z } from 'zod';

export const datasetPath = (datasetId: string | number) => `/datasets/${encodeURIComponent(String(datasetId))}`;

/**
 * One tenant's branding as the content host sends it. Every field but the slug may be missing;
 * the build fills in the spec's defaults and rejects unsafe values (see src/lib/branding.ts).
 * logoUrl and backgroundImageUrl hold an image name inside the tenant asset bucket
 * (e.g. "aurora/logo.png"), which the site turns into an image-proxy URL.
 */
export const BrandingItemSchema = z.looseObject({
  slug: z.string(),
  client: z.string().optional(),
  viewFinderTitle: z.string().optional(),
  viewFinderDesc: z.string().optional(),
  backgroundImageUrl: z.string().optional(),
  logoUrl: z.string().optional(),
  video: z.string().optional(),
  backgroundColor: z.string().optional(),
  textColor: z.string().optional(),
  accentColor: z.string().optional(),
});
export type BrandingItem = z.infer<typeof BrandingItemSchema>;

export const DatasetResponseSchema = z.looseObject({ content: z.array(z.unknown()) });
export type DatasetResponse = { content: BrandingItem[] };
