// Tenant branding: the built-in default, and the rules that turn a branding item from the
// content host into one the pages can bake in without a second thought. Every field ends up
// present, colours are plain hex, URLs are of a kind that cannot run script or leave the
// image bucket; whatever is replaced is reported with the tenant and the field.
import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_TENANT_SLUG,
  DEFAULT_TEXT_COLOR,
  GENERATION_TIME_TEXT,
} from './constants.ts';
import type { BrandingItem } from './content.ts';
import type { TenantBranding } from './site-data.ts';
import { contrastRatio, isTransparent } from './colour.ts';
import { LOCAL_ASSETS } from './local-assets.ts';
import { quoted } from './quoted.ts';
import { fieldLabel } from './branding-labels.ts';
import { tenantStylesProblem } from './tenant-styles.ts';
import { EVENT_KIT_OFF } from './event-kit.ts';
import { resolveEventKit } from './event-kit-fields.ts';
import { cleanText, imageProblem, isPlainLink, normalizeColor, videoProblem } from './branding-values.ts';
import { DELIVERY_OFF, resolveDelivery } from './delivery.ts';
import { LEADS_OFF, resolveLeads } from './leads.ts';
import { REFUSED_WORDS_TEXT_LIMIT, refusedWordsProblem } from './style-inputs.ts';
import { DEFAULT_LANGUAGE, guestLanguages, languageProblem, type Language } from './i18n/languages.ts';
import { resolveTextOverrides } from './i18n/overrides.ts';

// The rules of single values (branding-values.ts) are the branding's rules too: read here as well.
export { imageProblem, MAX_URL_LENGTH, normalizeColor, videoProblem } from './branding-values.ts';

/** "A built-in default branding is used when the slug is not found. Its slug is the default tenant slug." */
export const DEFAULT_BRANDING: Readonly<TenantBranding> = Object.freeze({
  slug: DEFAULT_TENANT_SLUG,
  client: 'AI Photo Booth',
  viewFinderTitle: 'AI Photo Booth',
  viewFinderDesc: [
    "Take a selfie with your device's camera and pick a style.",
    `Then wait ${GENERATION_TIME_TEXT} while the AI works.`,
    'Download your picture, share it with friends and family, or use it as an online avatar.',
  ].join('\n'),
  backgroundImageUrl: LOCAL_ASSETS.background,
  logoUrl: LOCAL_ASSETS.logo,
  video: LOCAL_ASSETS.video,
  backgroundColor: DEFAULT_BACKGROUND_COLOR,
  textColor: DEFAULT_TEXT_COLOR,
  accentColor: DEFAULT_ACCENT_COLOR,
  ...EVENT_KIT_OFF,
  ...DELIVERY_OFF,
  ...LEADS_OFF,
});

/** WCAG 2.2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Longer texts are cut: they would push the Start button off a phone screen. */
export const TEXT_LIMITS = { client: 100, viewFinderTitle: 200, viewFinderDesc: 2_000 } as const;

const COLOR_FIELDS = ['backgroundColor', 'textColor', 'accentColor'] as const;
const IMAGE_FIELDS = ['logoUrl', 'backgroundImageUrl'] as const;
const TEXT_FIELDS = ['client', 'viewFinderTitle', 'viewFinderDesc'] as const;

/** How a tenant is named in a report: its client name, and its slug. */
export function tenantLabel(item: { client?: unknown; slug?: unknown }): string {
  const client = typeof item.client === 'string' && item.client.trim() ? item.client.trim().slice(0, 80) : null;
  const slug = typeof item.slug === 'string' ? JSON.stringify(item.slug.slice(0, 80)) : 'no slug';
  return client ? `Tenant "${client}" (${slug})` : `Tenant ${slug}`;
}

/** A problem of one field: refused (the default is used instead), or a warning (kept, cut or hard to read). */
export interface FieldProblem {
  field: string;
  message: string;
  kind: 'refused' | 'warning';
}

export interface ResolvedBranding {
  branding: TenantBranding;
  problems: string[];
  /** The same problems by field, for a form that shows each next to its field. */
  fields: FieldProblem[];
}

/**
 * A tenant's branding from its content item: every missing field from `fallback` (the
 * built-in default), every unsafe one replaced by it and reported. With `keepImages`, the
 * fallback's images are kept whatever the item says (the default tenant's are local files).
 */
export function resolveBranding(
  item: BrandingItem,
  fallback: Readonly<TenantBranding> = DEFAULT_BRANDING,
  options: { keepImages?: boolean } = {},
): ResolvedBranding {
  const label = tenantLabel(item);
  const problems: string[] = [];
  const fields: FieldProblem[] = [];
  const branding: TenantBranding = { ...fallback, slug: item.slug };
  const given = (field: keyof BrandingItem) => {
    const v = item[field];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const replace = (field: keyof TenantBranding, value: unknown, why: string) => {
    problems.push(
      `${label}: ${fieldLabel(field)} ${quoted(String(value))} ${why}; the default ${quoted(String(fallback[field] ?? ''))} is used.`,
    );
    fields.push({ field, message: `${fieldLabel(field)} ${why}.`, kind: 'refused' });
  };

  for (const field of TEXT_FIELDS) {
    const value = given(field);
    if (value === undefined) continue;
    const text = cleanText(value);
    branding[field] = text.slice(0, TEXT_LIMITS[field]);
    if (text.length > TEXT_LIMITS[field]) {
      problems.push(`${label}: ${fieldLabel(field)} is longer than ${TEXT_LIMITS[field]} characters and was cut.`);
      fields.push({
        field,
        message: `${fieldLabel(field)} is longer than ${TEXT_LIMITS[field]} characters and was cut.`,
        kind: 'warning',
      });
    }
  }
  // A tenant without a client name is still someone: its slug is the next best display name.
  if (given('client') === undefined && item.slug !== fallback.slug) branding.client = item.slug;

  for (const field of COLOR_FIELDS) {
    const value = given(field);
    if (value === undefined) continue;
    const hex = normalizeColor(value);
    if (hex) branding[field] = hex;
    else replace(field, value, isTransparent(value) ? 'is fully transparent' : 'is not a CSS colour');
  }

  for (const field of IMAGE_FIELDS) {
    const value = given(field);
    if (value === undefined) continue;
    const why = imageProblem(value);
    if (why) replace(field, value, why);
    // The default tenant keeps its local files, but an unsafe value is still worth a report.
    else if (!options.keepImages) branding[field] = value;
  }

  const video = given('video');
  if (video !== undefined) {
    const why = videoProblem(video);
    if (why) replace('video', video, why);
    else branding.video = video;
  }

  resolveEventKit(item, branding, replace);
  resolveDelivery(item as Record<string, unknown>, branding, replace);
  resolveLeads(item as Record<string, unknown>, branding, replace, {
    urlOk: isPlainLink,
    clean: cleanText,
  });

  const chosen = (item as Record<string, unknown>).styles;
  if (chosen !== undefined && chosen !== null) {
    const why = tenantStylesProblem(chosen);
    if (why) replace('styles', JSON.stringify(chosen).slice(0, 200), why);
    else if ((chosen as string[]).length > 0) branding.styles = [...(chosen as string[])];
  }
  const pictureStyles = (item as Record<string, unknown>).pictureStyles;
  if (pictureStyles !== undefined && pictureStyles !== null) {
    const why = tenantStylesProblem(pictureStyles);
    if (why) replace('pictureStyles', JSON.stringify(pictureStyles).slice(0, 200), why);
    else if ((pictureStyles as string[]).length > 0) branding.pictureStyles = [...(pictureStyles as string[])];
  }
  // The words its guests may not type into a style's inputs, and the sentence they read then.
  const refusedWords = (item as Record<string, unknown>).refusedWords;
  if (refusedWords !== undefined && refusedWords !== null) {
    const why = refusedWordsProblem(refusedWords);
    if (why) replace('refusedWords', JSON.stringify(refusedWords).slice(0, 200), why);
    else if ((refusedWords as string[]).length > 0)
      branding.refusedWords = (refusedWords as string[]).map((word) => word.trim());
  }
  const refusedText = (item as Record<string, unknown>).refusedWordsText;
  if (refusedText !== undefined && refusedText !== null && refusedText !== '') {
    if (typeof refusedText !== 'string' || [...refusedText.trim()].length > REFUSED_WORDS_TEXT_LIMIT)
      replace(
        'refusedWordsText',
        String(refusedText).slice(0, 200),
        `is not a text of at most ${REFUSED_WORDS_TEXT_LIMIT} characters`,
      );
    else if (refusedText.trim() !== '') branding.refusedWordsText = refusedText.trim();
  }

  const language = (item as Record<string, unknown>).language;
  if (language !== undefined && language !== null && language !== '') {
    const why = languageProblem(language);
    if (why) {
      problems.push(`${label}: ${fieldLabel('language')} ${quoted(String(language))} ${why}; English (en) is used.`);
      fields.push({ field: 'language', message: `${fieldLabel('language')} ${why}.`, kind: 'refused' });
    }
    // English is the default: its pages' site data stay as they were.
    else if (language !== DEFAULT_LANGUAGE) branding.language = language as Language;
  }
  const languages = (item as Record<string, unknown>).languages;
  if (languages !== undefined && languages !== null) {
    const allowed = guestLanguages(languages, branding.language ?? DEFAULT_LANGUAGE);
    if (allowed.problem) {
      problems.push(`${label}: ${fieldLabel('languages')} ${allowed.problem}; those are left out.`);
      fields.push({ field: 'languages', message: `${fieldLabel('languages')} ${allowed.problem}.`, kind: 'refused' });
    }
    if (allowed.languages) branding.languages = allowed.languages;
  }

  // The tenant's own texts: each refused one is left to its default, a button's that would not fit is kept and told.
  const own = resolveTextOverrides((item as Record<string, unknown>).textOverrides);
  if (Object.keys(own.texts).length > 0) branding.textOverrides = own.texts;
  for (const problem of own.problems) {
    const tail = problem.kind === 'refused' ? ' The default is used.' : '';
    problems.push(`${label}: ${problem.kind === 'warning' ? 'warning: ' : ''}${problem.message}${tail}`);
    fields.push({ field: 'textOverrides', message: problem.message, kind: problem.kind });
  }

  const warning = contrastWarning(branding);
  if (warning) {
    problems.push(warning);
    fields.push({
      field: 'textColor',
      message: warning.slice(warning.indexOf('warning: ') + 'warning: '.length),
      kind: 'warning',
    });
  }
  return { branding, problems, fields };
}
/** A warning when the tenant's text on its own background reads below WCAG AA, else null. */
export function contrastWarning(branding: TenantBranding): string | null {
  const ratio = contrastRatio(branding.textColor, branding.backgroundColor);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return null;
  return (
    `${tenantLabel(branding)}: warning: ${fieldLabel('textColor')} ${branding.textColor} on ${fieldLabel('backgroundColor').toLowerCase()} ${branding.backgroundColor} ` +
    `has a contrast of ${ratio.toFixed(2)}:1, under the ${MIN_TEXT_CONTRAST}:1 that WCAG AA asks for text.`
  );
}
