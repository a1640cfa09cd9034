// The event kit's fields of a branding item (contract/event-kit.ts), checked and copied onto the
// tenant's branding; a value that does not fit is refused and reported by the caller's `refuse`.
import type { BrandingItem } from './content.ts';
import type { TenantBranding } from './site-data.ts';
import { quoted } from './quoted.ts';
import { MAX_BACKDROPS } from './backdrops.ts';
import { cleanText, imageProblem, isPlainLink } from './branding-values.ts';
import {
  CONSENT_TEXT_LIMIT,
  COUNTDOWN_CHOICES,
  KIOSK_IDLE_MAX_SECONDS,
  KIOSK_IDLE_MIN_SECONDS,
  STUDIO_BACKDROP_CHOICES,
  WALL_MODERATION_CHOICES,
  PICTURES_PER_GUEST_MAX,
  TRIES_PER_GUEST_MAX,
  type EventKit,
} from './event-kit.ts';

type Refuse = (field: keyof EventKit, value: unknown, why: string) => void;

/** The event-kit fields of the item onto `branding`; a value that does not fit is refused and reported. */
export function resolveEventKit(item: BrandingItem, branding: TenantBranding, refuse: Refuse): void {
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
    if (isPlainLink(privacy)) branding.privacyUrl = privacy;
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
