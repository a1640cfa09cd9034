// What a person calls each branding field: the console's labels, used in every problem the build
// and the console report, so a sentence names "Background colour", never "backgroundColor".

export const FIELD_LABELS = {
  slug: 'Slug',
  client: 'Client name',
  viewFinderTitle: 'Intro title',
  viewFinderDesc: 'Intro text',
  backgroundColor: 'Background colour',
  textColor: 'Text colour',
  accentColor: 'Accent colour',
  logoUrl: 'Logo',
  backgroundImageUrl: 'Background image',
  video: 'Processing video',
  countdownSeconds: 'Countdown',
  choosePhoto: 'Choose a photo',
  qrHandoff: 'QR code',
  kioskIdleSeconds: 'Kiosk idle time',
  kioskPrint: 'Kiosks offer Print',
  frameUrl: 'Frame',
  sceneUrl: 'Scene',
  sceneUrls: 'Backdrops',
  logoMark: 'Logo mark',
  mirrorResult: 'Mirror results',
  consentText: 'Consent text',
  privacyUrl: 'Privacy policy address',
  wall: 'Event wall',
  wallModeration: 'Wall moderation',
  wallConsentCovered: 'Consent covers the wall',
  email: 'Email delivery',
  resultHours: 'Results kept for (hours)',
  styles: 'Styles',
  picturesPerGuest: 'Pictures per guest',
  pictureStyles: 'Styles of the pictures',
  language: 'Language',
} as const;

/** The field's name in words; a key no label knows is shown as it is. */
export const fieldLabel = (field: string): string => (FIELD_LABELS as Record<string, string>)[field] ?? field;
