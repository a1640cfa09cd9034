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
import { contrastRatio, isTransparent, parseColor, type Rgb } from './colour.ts';
import { LOCAL_ASSETS } from './local-assets.ts';
import { quoted } from './quoted.ts';
import { fieldLabel } from './branding-labels.ts';
import { tenantStylesProblem } from './tenant-styles.ts';
import { MAX_BACKDROPS } from './backdrops.ts';
import {
  CONSENT_TEXT_LIMIT,
  COUNTDOWN_CHOICES,
  EVENT_KIT_OFF,
  KIOSK_IDLE_MAX_SECONDS,
  KIOSK_IDLE_MIN_SECONDS,
  STUDIO_BACKDROP_CHOICES,
  WALL_MODERATION_CHOICES,
  PICTURES_PER_GUEST_MAX,
  TRIES_PER_GUEST_MAX,
  type EventKit,
} from './event-kit.ts';
import { DELIVERY_OFF, resolveDelivery } from './delivery.ts';
import { LEADS_OFF, resolveLeads } from './leads.ts';
import { REFUSED_WORDS_TEXT_LIMIT, refusedWordsProblem } from './style-inputs.ts';
import { DEFAULT_LANGUAGE, guestLanguages, languageProblem, type Language } from './i18n/languages.ts';
import { resolveTextOverrides } from './i18n/overrides.ts';

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
/** Longer URLs are refused: nothing legitimate needs more, and they end up in every page. */
export const MAX_URL_LENGTH = 2_000;

const COLOR_FIELDS = ['backgroundColor', 'textColor', 'accentColor'] as const;
const IMAGE_FIELDS = ['logoUrl', 'backgroundImageUrl'] as const;
const TEXT_FIELDS = ['client', 'viewFinderTitle', 'viewFinderDesc'] as const;

const hex2 = (n: number) => n.toString(16).padStart(2, '0');
const toHex = ({ r, g, b }: Rgb) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

/**
 * The colour as '#rrggbb', or null when the value is not a CSS colour (CSS Color 4: hex, named,
 * rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color()) or one that paints nothing
 * (`transparent`, alpha 0). Only the hex reaches the page, so nothing else of the value can.
 * Partial transparency is dropped: the page paints what the contrast check measured.
 */
export function normalizeColor(value: string): string | null {
  const rgb = isTransparent(value) ? null : parseColor(value);
  return rgb ? toHex(rgb) : null;
}

// Image names stay inside the bucket's app folder: no scheme, no '..', nothing the proxy's
// plain source reads specially ('@' starts its extension part, '?' and '#' end the path).
const IMAGE_NAME = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;
const HTTP_URL =
  /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~!$&'()*+,;=:%/-]*)?(\?[A-Za-z0-9._~!$&'()*+,;=:%/?-]*)?$/;
const ROOT_PATH = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:%/-]*$/;
const hasDotSegment = (path: string) => path.split(/[/?]/).some((s) => s === '..' || s === '.');

// The booth's pages are served over HTTPS (phones need it for the camera): an http:// image or
// video there is mixed content, which browsers block or upgrade to an address that may not exist.
const INSECURE = 'is an http:// address; use its https:// address (pages served over HTTPS cannot load it)';

/** Why an image value cannot be used, or null. Accepts a bucket image name or an https URL. */
export function imageProblem(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) return `is longer than ${MAX_URL_LENGTH} characters`;
  if (/^http:/i.test(value)) return INSECURE;
  if (/^https:/i.test(value)) return HTTP_URL.test(value) && !value.includes('@') ? null : 'is not a plain https URL';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return 'uses a URL scheme other than https';
  return IMAGE_NAME.test(value) && !hasDotSegment(value)
    ? null
    : 'is not an image name inside the bucket (letters, digits, . _ ~ - and /)';
}

/** Why a video value cannot be used, or null. Accepts an https URL or a path on the site's origin. */
export function videoProblem(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) return `is longer than ${MAX_URL_LENGTH} characters`;
  if (/^http:/i.test(value)) return INSECURE;
  if (/^https:/i.test(value)) return HTTP_URL.test(value) ? null : 'is not a plain https URL';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return 'uses a URL scheme other than https';
  return ROOT_PATH.test(value) && !hasDotSegment(value) ? null : 'is neither an https URL nor a path starting with /';
}

// Control characters would end up invisible in the page or break a line layout; \n separates
// the description's paragraphs and stays.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/g;
const cleanText = (value: string) => value.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, '').trim();

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
    urlOk: (url) => url.length <= MAX_URL_LENGTH && HTTP_URL.test(url),
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

type Refuse = (field: keyof EventKit, value: unknown, why: string) => void;

/** The event-kit fields of the item onto `branding`; a value that does not fit is refused and reported. */
function resolveEventKit(item: BrandingItem, branding: TenantBranding, refuse: Refuse): void {
  const raw = item as Record<string, unknown>;
  const flag = (
    field: 'choosePhoto' | 'qrHandoff' | 'logoMark' | 'mirrorResult' | 'kioskPrint' | 'wall' | 'wallConsentCovered',
  ) => {
    const v = raw[field];
    if (v === undefined || v === null) return;
    if (typeof v === 'boolean') branding[field] = v;
    else refuse(field, v, 'is not true or false');
  };
  flag('choosePhoto');
  flag('qrHandoff');
  flag('logoMark');
  flag('mirrorResult');
  flag('kioskPrint');
  flag('wall');
  flag('wallConsentCovered');

  const moderation = raw.wallModeration;
  if (moderation !== undefined && moderation !== null) {
    const choice = WALL_MODERATION_CHOICES.find((c) => c === moderation);
    if (choice !== undefined) branding.wallModeration = choice;
    else refuse('wallModeration', moderation, `is not one of ${WALL_MODERATION_CHOICES.join(', ')}`);
  }

  const studio = raw.studioBackdrop;
  if (studio !== undefined && studio !== null) {
    const choice = STUDIO_BACKDROP_CHOICES.find((c) => c === studio);
    if (choice !== undefined) branding.studioBackdrop = choice;
    else refuse('studioBackdrop', studio, `is not one of ${STUDIO_BACKDROP_CHOICES.join(', ')}`);
  }

  const countdown = raw.countdownSeconds;
  if (countdown !== undefined && countdown !== null) {
    const choice = COUNTDOWN_CHOICES.find((c) => c === countdown);
    if (choice !== undefined) branding.countdownSeconds = choice;
    else refuse('countdownSeconds', countdown, `is not one of ${COUNTDOWN_CHOICES.join(', ')}`);
  }

  const idle = raw.kioskIdleSeconds;
  if (idle !== undefined && idle !== null) {
    const fits =
      Number.isInteger(idle) &&
      (idle === 0 || ((idle as number) >= KIOSK_IDLE_MIN_SECONDS && (idle as number) <= KIOSK_IDLE_MAX_SECONDS));
    if (fits) branding.kioskIdleSeconds = idle as number;
    else
      refuse(
        'kioskIdleSeconds',
        idle,
        `is not 0 (off) or a whole number of seconds from ${KIOSK_IDLE_MIN_SECONDS} to ${KIOSK_IDLE_MAX_SECONDS}`,
      );
  }

  const pictures = raw.picturesPerGuest;
  if (pictures !== undefined && pictures !== null) {
    if (Number.isInteger(pictures) && (pictures as number) >= 1 && (pictures as number) <= PICTURES_PER_GUEST_MAX)
      branding.picturesPerGuest = pictures as number;
    else refuse('picturesPerGuest', pictures, `is not a whole number from 1 to ${PICTURES_PER_GUEST_MAX}`);
  }

  const tries = raw.triesPerGuest;
  if (tries !== undefined && tries !== null) {
    if (Number.isInteger(tries) && (tries as number) >= 0 && (tries as number) <= TRIES_PER_GUEST_MAX)
      branding.triesPerGuest = tries as number;
    else refuse('triesPerGuest', tries, `is not a whole number from 0 (off) to ${TRIES_PER_GUEST_MAX}`);
  }

  const text = (field: 'frameUrl' | 'sceneUrl' | 'consentText' | 'privacyUrl') => {
    const v = raw[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') {
      refuse(field, v, 'is not text');
      return undefined;
    }
    return v.trim() === '' ? undefined : v.trim();
  };
  const frame = text('frameUrl');
  if (frame !== undefined) {
    const why = imageProblem(frame);
    if (why) refuse('frameUrl', frame, why);
    else branding.frameUrl = frame;
  }
  const scene = text('sceneUrl');
  if (scene !== undefined) {
    const why = imageProblem(scene);
    if (why) refuse('sceneUrl', scene, why);
    else branding.sceneUrls = [scene];
  }
  // The list, when given, is the tenant's backdrops; a lone sceneUrl (saved before) is the first.
  const scenes = raw.sceneUrls;
  if (scenes !== undefined && scenes !== null) {
    const why = backdropListProblem(scenes);
    if (why) refuse('sceneUrls', JSON.stringify(scenes).slice(0, 200), why);
    else branding.sceneUrls = (scenes as string[]).map((s) => s.trim());
  }
  branding.sceneUrl = branding.sceneUrls[0] ?? '';
  const consent = text('consentText');
  if (consent !== undefined) branding.consentText = cleanText(consent).slice(0, CONSENT_TEXT_LIMIT);
  const privacy = text('privacyUrl');
  if (privacy !== undefined) {
    if (privacy.length <= MAX_URL_LENGTH && HTTP_URL.test(privacy)) branding.privacyUrl = privacy;
    else refuse('privacyUrl', privacy, 'is not a plain http(s) URL');
  }
}

/** Why a backdrops value cannot be used, or null: a list of at most MAX_BACKDROPS distinct image names. */
function backdropListProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'is not a list of image names';
  if (value.length > MAX_BACKDROPS) return `lists more than ${MAX_BACKDROPS} backdrops`;
  for (const name of value) {
    if (typeof name !== 'string' || name.trim() === '') return 'holds something that is not an image name';
    const why = /^https:/i.test(name.trim())
      ? "is an https address; a backdrop is one of the tenant's own files (upload it in the console)"
      : imageProblem(name.trim());
    if (why) return `holds ${quoted(name.slice(0, 100))}, which ${why}`;
  }
  if (new Set(value.map((name: string) => name.trim())).size !== value.length) return 'names a backdrop twice';
  return null;
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
