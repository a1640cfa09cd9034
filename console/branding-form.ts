// A tenant's branding as the console's form holds it (text for every field, as typed) and back
// to the item the API stores. The problems shown while typing come from the build's own rule,
// resolveBranding, so the form and the build never disagree.
import type { BrandingItem } from '../contract/content.ts';
import { resolveBranding, type FieldProblem } from '../contract/branding.ts';
import type { TenantBranding } from '../contract/site-data.ts';
import { isDirectUrl } from '../contract/local-assets.ts';

export interface BrandingForm {
  client: string;
  viewFinderTitle: string;
  viewFinderDesc: string;
  backgroundColor: string;
  textColor: string;
  accentColor: string;
  logoUrl: string;
  backgroundImageUrl: string;
  video: string;
  countdownSeconds: string;
  choosePhoto: boolean;
  qrHandoff: boolean;
  kioskIdleSeconds: string;
  kioskPrint: boolean;
  frameUrl: string;
  /** The tenant's backdrops, in its order (contract/backdrops.ts). */
  sceneUrls: string[];
  logoMark: boolean;
  mirrorResult: boolean;
  studioBackdrop: string;
  consentText: string;
  privacyUrl: string;
  wall: boolean;
  wallModeration: string;
  wallConsentCovered: boolean;
  email: boolean;
  resultHours: string;
  /** Opt-in leads (contract/leads.ts): the fields asked, where, the box's wording, the privacy link, the days kept. */
  leadName: boolean;
  leadEmail: boolean;
  leadCompany: boolean;
  leadPlace: string;
  leadConsentText: string;
  leadPrivacyUrl: string;
  leadRetentionDays: string;
  styles: string[];
  picturesPerGuest: string;
  triesPerGuest: string;
  /** Kept as it is: set through the API or the ops CLI. */
  pictureStyles: string[];
  /** Kept as they are: the words refused in a style's inputs and the tenant's sentence, set through the API or the ops CLI. */
  refusedWords: string[];
  refusedWordsText: string;
  /** The language of the tenant's pages (contract/i18n/languages.ts); '' = English. */
  language: string;
  /** The other languages guests may switch to (a menu on every screen); [] = none. */
  languages: string[];
  /** The tenant's own texts by language (contract/i18n/overrides.ts): kept as they are, edited on their own page. */
  textOverrides: Record<string, Record<string, string>>;
}

export const TEXT_KEYS = [
  'client',
  'viewFinderTitle',
  'viewFinderDesc',
  'backgroundColor',
  'textColor',
  'accentColor',
  'logoUrl',
  'backgroundImageUrl',
  'video',
  'frameUrl',
  'consentText',
  'privacyUrl',
] as const;

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

export function toForm(item: Record<string, unknown> | null): BrandingForm {
  const b = item ?? {};
  const form = Object.fromEntries(TEXT_KEYS.map((k) => [k, text(b[k])])) as Pick<
    BrandingForm,
    (typeof TEXT_KEYS)[number]
  >;
  return {
    ...form,
    countdownSeconds: text(b.countdownSeconds ?? 0),
    choosePhoto: b.choosePhoto === true,
    qrHandoff: b.qrHandoff === true,
    kioskIdleSeconds: text(b.kioskIdleSeconds ?? 0),
    // On unless turned off: a tenant saved before this setting keeps its kiosks' Print.
    kioskPrint: b.kioskPrint !== false,
    logoMark: b.logoMark === true,
    mirrorResult: b.mirrorResult === true,
    studioBackdrop: text(b.studioBackdrop ?? 'blur'),
    wall: b.wall === true,
    wallModeration: text(b.wallModeration ?? 'approve'),
    wallConsentCovered: b.wallConsentCovered === true,
    email: b.email === true,
    // Empty: the booth's own retention (24 hours unless set).
    resultHours:
      b.resultHours === undefined || b.resultHours === null || b.resultHours === 0 ? '' : text(b.resultHours),
    ...leadForm(b),
    styles: Array.isArray(b.styles) ? b.styles.filter((s): s is string => typeof s === 'string') : [],
    // A tenant saved before there were several backdrops has its one sceneUrl.
    sceneUrls: Array.isArray(b.sceneUrls)
      ? b.sceneUrls.filter((s): s is string => typeof s === 'string')
      : typeof b.sceneUrl === 'string' && b.sceneUrl.trim() !== ''
        ? [b.sceneUrl]
        : [],
    picturesPerGuest: text(b.picturesPerGuest ?? 1),
    triesPerGuest: text(b.triesPerGuest ?? 0),
    refusedWords: Array.isArray(b.refusedWords) ? b.refusedWords.filter((s): s is string => typeof s === 'string') : [],
    refusedWordsText: text(b.refusedWordsText),
    pictureStyles: Array.isArray(b.pictureStyles)
      ? b.pictureStyles.filter((s): s is string => typeof s === 'string')
      : [],
    language: text(b.language ?? ''),
    languages: Array.isArray(b.languages) ? b.languages.filter((s): s is string => typeof s === 'string') : [],
    textOverrides: ownTexts(b.textOverrides),
  };
}

/** The own texts as saved; whatever is not a map of maps is left for the rule to name. */
export function ownTexts(value: unknown): Record<string, Record<string, string>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return value as Record<string, Record<string, string>>;
}

function leadForm(b: Record<string, unknown>) {
  const fields = Array.isArray(b.leadFields) ? b.leadFields : [];
  return {
    leadName: fields.includes('name'),
    leadEmail: fields.includes('email'),
    leadCompany: fields.includes('company'),
    leadPlace: text(b.leadPlace ?? 'camera'),
    leadConsentText: text(b.leadConsentText),
    leadPrivacyUrl: text(b.leadPrivacyUrl),
    leadRetentionDays:
      b.leadRetentionDays === undefined || b.leadRetentionDays === null || b.leadRetentionDays === 0
        ? ''
        : text(b.leadRetentionDays),
  };
}

/** A number as typed; what is not one is kept as text, so the rule names the problem. */
const numberOrText = (value: string): number | string => {
  const trimmed = value.trim();
  if (trimmed === '') return 0;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** The item PUT and POST send: empty fields left out, so the default applies. */
export function toItem(form: BrandingForm, slug: string): BrandingItem {
  const item: Record<string, unknown> = { slug };
  for (const key of TEXT_KEYS) if (form[key].trim() !== '') item[key] = form[key];
  item.countdownSeconds = numberOrText(form.countdownSeconds);
  item.kioskIdleSeconds = numberOrText(form.kioskIdleSeconds);
  item.choosePhoto = form.choosePhoto;
  item.qrHandoff = form.qrHandoff;
  item.logoMark = form.logoMark;
  item.mirrorResult = form.mirrorResult;
  item.studioBackdrop = form.studioBackdrop;
  item.kioskPrint = form.kioskPrint;
  item.wall = form.wall;
  item.wallModeration = form.wallModeration;
  item.wallConsentCovered = form.wallConsentCovered;
  // Left out when off or empty, as a tenant saved before them reads.
  if (form.email) item.email = true;
  if (form.resultHours.trim() !== '') item.resultHours = numberOrText(form.resultHours);
  // Leads: left out when no field is asked, as a tenant saved before them reads.
  const leadFields = (['name', 'email', 'company'] as const).filter(
    (f) => ({ name: form.leadName, email: form.leadEmail, company: form.leadCompany })[f],
  );
  if (leadFields.length > 0) {
    item.leadFields = leadFields;
    item.leadPlace = form.leadPlace;
    if (form.leadConsentText.trim() !== '') item.leadConsentText = form.leadConsentText;
    if (form.leadPrivacyUrl.trim() !== '') item.leadPrivacyUrl = form.leadPrivacyUrl;
    if (form.leadRetentionDays.trim() !== '') item.leadRetentionDays = numberOrText(form.leadRetentionDays);
  }
  item.styles = form.styles;
  if (form.sceneUrls.length > 0) {
    item.sceneUrls = form.sceneUrls;
    // The first, for readers of one backdrop.
    item.sceneUrl = form.sceneUrls[0];
  }
  // One picture is the default: left out, as an empty field is.
  if (!['', '1'].includes(form.picturesPerGuest.trim())) item.picturesPerGuest = numberOrText(form.picturesPerGuest);
  if (form.pictureStyles.length > 0) item.pictureStyles = form.pictureStyles;
  // No further tries is the default: left out too.
  if (!['', '0'].includes(form.triesPerGuest.trim())) item.triesPerGuest = numberOrText(form.triesPerGuest);
  if (form.refusedWords.length > 0) item.refusedWords = form.refusedWords;
  if (form.refusedWordsText.trim() !== '') item.refusedWordsText = form.refusedWordsText;
  // English is the default: left out, as a tenant saved before languages reads.
  if (!['', 'en'].includes(form.language)) item.language = form.language;
  const others = form.languages.filter((code) => code !== (form.language || 'en'));
  if (others.length > 0) item.languages = [form.language || 'en', ...others];
  // Left out when there are none, as a tenant saved before them reads.
  if (Object.values(form.textOverrides).some((texts) => Object.keys(texts ?? {}).length > 0))
    item.textOverrides = form.textOverrides;
  return item as BrandingItem;
}

export interface Checked {
  branding: TenantBranding;
  /** Problems that stop a save, by field. */
  refused: Record<string, string[]>;
  /** Problems that do not (a text cut, a low contrast), by field. */
  warnings: Record<string, string[]>;
}

const byField = (problems: FieldProblem[]) => {
  const out: Record<string, string[]> = {};
  for (const p of problems) (out[p.field] ??= []).push(p.message);
  return out;
};

export function check(form: BrandingForm, slug: string): Checked {
  const resolved = resolveBranding(toItem(form, slug));
  return {
    branding: resolved.branding,
    refused: byField(resolved.fields.filter((p) => p.kind === 'refused')),
    warnings: byField(resolved.fields.filter((p) => p.kind === 'warning')),
  };
}

/** Where the console can show a tenant image: a bucket name is a file under /media/tenants/. */
export const imageAddress = (value: string) =>
  value === '' ? '' : isDirectUrl(value) ? value : `/media/tenants/${value.replace(/^\/+/, '')}`;
