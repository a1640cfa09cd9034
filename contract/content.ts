// GET {content host}/datasets/{dataset id}  header Authorization 'JWT {token}'
//   -> {content: [branding items with slug]}
// zod/mini: the same schemas in a fraction of the bytes the browser would otherwise download.
import { z } from 'zod/mini';

export const datasetPath = (datasetId: string | number) => `/datasets/${encodeURIComponent(String(datasetId))}`;

/**
 * One tenant's branding as the content host sends it. Every field but the slug may be missing;
 * the build fills in the spec's defaults and rejects unsafe values (see contract/branding.ts).
 * logoUrl and backgroundImageUrl hold an image name inside the tenant asset bucket
 * (e.g. "aurora/logo.png"), which the site turns into an image-proxy URL.
 */
export const BrandingItemSchema = z.looseObject({
  slug: z.string(),
  client: z.optional(z.string()),
  viewFinderTitle: z.optional(z.string()),
  viewFinderDesc: z.optional(z.string()),
  backgroundImageUrl: z.optional(z.string()),
  logoUrl: z.optional(z.string()),
  video: z.optional(z.string()),
  backgroundColor: z.optional(z.string()),
  textColor: z.optional(z.string()),
  accentColor: z.optional(z.string()),
  // The event kit (contract/event-kit.ts): any type here, checked field by field by the build.
  countdownSeconds: z.optional(z.unknown()),
  choosePhoto: z.optional(z.unknown()),
  qrHandoff: z.optional(z.unknown()),
  kioskIdleSeconds: z.optional(z.unknown()),
  kioskPrint: z.optional(z.unknown()),
  frameUrl: z.optional(z.unknown()),
  sceneUrl: z.optional(z.unknown()),
  sceneUrls: z.optional(z.unknown()),
  logoMark: z.optional(z.unknown()),
  mirrorResult: z.optional(z.unknown()),
  studioBackdrop: z.optional(z.unknown()),
  consentText: z.optional(z.unknown()),
  privacyUrl: z.optional(z.unknown()),
  wall: z.optional(z.unknown()),
  wallModeration: z.optional(z.unknown()),
  wallConsentCovered: z.optional(z.unknown()),
  // Delivery (contract/delivery.ts): checked by the build like the event kit.
  email: z.optional(z.unknown()),
  resultHours: z.optional(z.unknown()),
  // Opt-in leads (contract/leads.ts): checked by the build like the event kit.
  leadFields: z.optional(z.unknown()),
  leadPlace: z.optional(z.unknown()),
  leadConsentText: z.optional(z.unknown()),
  leadPrivacyUrl: z.optional(z.unknown()),
  leadRetentionDays: z.optional(z.unknown()),
  // The styles the tenant offers, in order (contract/tenant-styles.ts); checked by the build.
  styles: z.optional(z.unknown()),
  // Pictures per guest (contract/event-kit.ts) and the local styles they are made in.
  picturesPerGuest: z.optional(z.unknown()),
  pictureStyles: z.optional(z.unknown()),
  // Further styles a guest may try with one photo (contract/event-kit.ts).
  triesPerGuest: z.optional(z.unknown()),
  // Words refused in a style's inputs, and the tenant's sentence (contract/style-inputs.ts).
  refusedWords: z.optional(z.unknown()),
  refusedWordsText: z.optional(z.unknown()),
  // The language of the tenant's pages (contract/i18n/languages.ts); checked by the build.
  language: z.optional(z.unknown()),
  // The languages its guests may choose from a menu (contract/i18n/languages.ts).
  languages: z.optional(z.unknown()),
  // The tenant's own texts by language (contract/i18n/overrides.ts); checked by the build.
  textOverrides: z.optional(z.unknown()),
});
export type BrandingItem = z.infer<typeof BrandingItemSchema>;

export const DatasetResponseSchema = z.looseObject({ content: z.array(z.unknown()) });
export type DatasetResponse = { content: BrandingItem[] };
