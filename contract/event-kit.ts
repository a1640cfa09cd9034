// What a booth at an event adds to the spec's screens, per tenant: a countdown, a photo from the
// device, a QR code to take the result home, kiosk mode, a brand frame, a backdrop for the
// branded-scene style, consent, print and results mirrored like the preview.
// Every feature is off unless the tenant's branding turns it on, so the spec's behaviour stays
// the default. The build validates these fields like the others (contract/event-kit-fields.ts).

/** The countdowns a tenant may choose before capture (seconds; 0 = none). */
export const COUNTDOWN_CHOICES = [0, 3, 5] as const;
export type CountdownSeconds = (typeof COUNTDOWN_CHOICES)[number];

/**
 * Kiosks: 0 = the tenant allows none, else a device opened at the tenant's kiosk address
 * (KIOSK_QUERY) becomes a kiosk, reset to the intro after this many seconds without a touch.
 */
export const KIOSK_IDLE_MIN_SECONDS = 10;
export const KIOSK_IDLE_MAX_SECONDS = 3_600;

/**
 * The event wall's moderation: 'approve' (an operator approves each picture in the console before
 * any wall shows it) or 'show' (a picture shows as soon as its guest says yes).
 */
export const WALL_MODERATION_CHOICES = ['approve', 'show'] as const;
export type WallModeration = (typeof WALL_MODERATION_CHOICES)[number];

/**
 * The studio portrait's background: 'blur' (the guest's own background, softly blurred) or
 * 'gradient' (a studio backdrop drawn from the tenant's background and accent colours).
 */
export const STUDIO_BACKDROP_CHOICES = ['blur', 'gradient'] as const;
export type StudioBackdrop = (typeof STUDIO_BACKDROP_CHOICES)[number];

/**
 * Pictures a guest gets from one photo (picturesPerGuest): 1, the spec's one picture, to this many.
 * A generative style makes that many samples; a local style the tenant's set of styles
 * (pictureStyles). More would not fit a phone's results screen, nor a provider's bill.
 */
export const PICTURES_PER_GUEST_MAX = 4;

/**
 * Further styles a guest may try with the same photo (triesPerGuest): 0, the spec's booth, to this
 * many. Each try is a job of its own; the photo stays in the browser's memory between them.
 */
export const TRIES_PER_GUEST_MAX = 5;

/** Longer consent texts are cut: the visitor has to read it on a phone before the camera. */
export const CONSENT_TEXT_LIMIT = 1_000;

/** The event-kit fields of a tenant's branding, after validation. */
export interface EventKit {
  /** Seconds counted down over the preview before the photo is taken. */
  countdownSeconds: CountdownSeconds;
  /** A "Choose a photo" button beside Take Photo (and on the camera-problem screen). */
  choosePhoto: boolean;
  /** A QR code on the results screen that opens the result on the visitor's phone. */
  qrHandoff: boolean;
  /**
   * Kiosks allowed (0 = none): a device opened at the tenant's kiosk address becomes a kiosk (Print,
   * the QR code, no Download or Share), back to the intro after this many seconds without a touch.
   * A kiosk is a device, not the tenant: guests' phones on the same tenant get the phone booth.
   */
  kioskIdleSeconds: number;
  /** A kiosk offers Print (on by default: a tenant that allows kiosks turns it off for a kiosk without a printer). */
  kioskPrint: boolean;
  /** A frame (image name in the tenant bucket, a PNG with a transparent window) put on results. */
  frameUrl: string;
  /**
   * The tenant's first backdrop for the branded-scene style (image name in the tenant bucket, a
   * photo of the scene the guest is placed into); '' = the booth's own scene. Kept beside
   * `sceneUrls` for readers of one backdrop: it is always `sceneUrls[0]`.
   */
  sceneUrl: string;
  /** Every backdrop of the tenant, in its order, at most MAX_BACKDROPS (contract/backdrops.ts); [] = the booth's own scene. */
  sceneUrls: readonly string[];
  /** The tenant's logo put on results as a corner mark (when there is no frame). */
  logoMark: boolean;
  /**
   * Results mirrored, as the live preview shows the visitor. Off: the result reads as the camera
   * sees (text on a shirt reads right), as phone cameras save a selfie; the preview stays mirrored.
   */
  mirrorResult: boolean;
  /** The studio portrait's background (STUDIO_BACKDROP_CHOICES): the guest's own, blurred, by default. */
  studioBackdrop: StudioBackdrop;
  /** Consent asked before the camera ('' = none), with an optional privacy-policy link. */
  consentText: string;
  privacyUrl: string;
  /**
   * The event wall (/{slug}/wall, contract/wall.ts): the newest pictures whose guests said yes on
   * the results screen, live on a big screen.
   */
  wall: boolean;
  /** Whether an operator approves each picture before the wall shows it. */
  wallModeration: WallModeration;
  /**
   * The tenant states that its consent text already covers the wall: the results screen's "Show my
   * picture on the event wall" starts ticked (the guest may still untick it).
   */
  wallConsentCovered: boolean;
  /**
   * Pictures made from one photo, 1 to PICTURES_PER_GUEST_MAX, all in the one job's images, each
   * with its caption; the guest chooses the one Download and Share take.
   */
  picturesPerGuest: number;
  /**
   * "Try another style" on the results screen, this many times per photo (0 = off): back to the
   * styles screen with the same photo, kept in memory as the spec keeps it.
   */
  triesPerGuest: number;
}

export const EVENT_KIT_OFF: Readonly<EventKit> = /* @__PURE__ */ Object.freeze({
  countdownSeconds: 0,
  choosePhoto: false,
  qrHandoff: false,
  kioskIdleSeconds: 0,
  // Only a kiosk prints, and a tenant allows no kiosks unless it says so: on by default, so a
  // tenant that allowed kiosks before this setting keeps its Print.
  kioskPrint: true,
  frameUrl: '',
  sceneUrl: '',
  sceneUrls: /* @__PURE__ */ Object.freeze([]),
  logoMark: false,
  mirrorResult: false,
  studioBackdrop: 'blur',
  consentText: '',
  privacyUrl: '',
  wall: false,
  wallModeration: 'approve',
  wallConsentCovered: false,
  picturesPerGuest: 1,
  triesPerGuest: 0,
});

/**
 * The query a QR hand-off address carries: the page opens on the visitor's own phone, where the
 * kiosk's ways (Print, no Download or Share, the idle reset) make no sense.
 */
export const HANDOFF_QUERY = 'handoff';

/**
 * The query that makes a device a kiosk of the tenant (`/{slug}/?kiosk`), remembered on that device
 * until it opens `?kiosk=off` (KIOSK_OFF), or the tenant no longer allows kiosks.
 */
export const KIOSK_QUERY = 'kiosk';
export const KIOSK_OFF = 'off';

// The event kit's texts (the spec's own are in TEXT), one object per screen part, so a page's
// code carries only its own.
export const CAMERA_EVENT_TEXT = {
  choosePhoto: 'Choose a photo',
  /** In place of Retake Photo once a chosen photo shows: the camera took nothing to retake. */
  chooseAnother: 'Choose another photo',
  tryAgain: 'Try again',
  cancelCountdown: 'Cancel',
  countdownCancelled: 'Countdown cancelled.',
  photoUnreadable: 'That file is not a photo this browser can read. Choose a JPEG, PNG or WebP photo.',
} as const;
export const CONSENT_TEXT = {
  consentAgree: 'I agree',
  continue: 'Continue',
  privacyLink: 'Privacy policy',
  consentNeeded: 'Please tick the box to continue.',
} as const;
export const RESULTS_EVENT_TEXT = {
  print: 'Print',
  /** With more than one picture: the choice of the one Download, Share and Print take. */
  choosePicture: 'Choose this picture',
  picturesLegend: 'Your pictures',
  /** Back to the styles screen with the same photo (triesPerGuest). */
  tryAnother: 'Try another style',
  /** Beside it: how many tries the photo has left. */
  triesLeftOne: 'One more style to try with this photo.',
  /** {n}: how many are left (2 and more). */
  triesLeftMany: '{n} more styles to try with this photo.',
  /** In its place once they are used: the way on is the spec's Take Another Photo. */
  triesUsed: 'That was the last style to try with this photo. Take another photo to try more.',
  qrHeading: 'Take it home',
  qrHint: 'Scan this code with your phone to open your picture there.',
} as const;
export const KIOSK_TEXT = {
  startOver: 'Start over',
  /** On a kiosk's intro, in place of a line of the tenant's text that promises Download or Share. */
  introTakeHome: 'Then print it here, or scan its code to take it home on your phone.',
  introPrint: 'Then print it here.',
} as const;

/** Every event-kit text, as tests and docs name them. */
// Pure: a page that does not use it does not carry it.
export const EVENT_TEXT: typeof CAMERA_EVENT_TEXT &
  typeof CONSENT_TEXT &
  typeof RESULTS_EVENT_TEXT &
  typeof KIOSK_TEXT = /* @__PURE__ */ Object.assign(
  {},
  CAMERA_EVENT_TEXT,
  CONSENT_TEXT,
  RESULTS_EVENT_TEXT,
  KIOSK_TEXT,
);
