// The tenants a start adds when missing: the default tenant and three demo tenants (one dark, one
// light that chooses its styles and has two backdrops for the branded scene, one event booth with the event kit on), so the white-labelling is visible on a fresh
// machine. Images are names inside the bucket's app folder (see server/README.md, "Tenant images"); videos are served by /media.
import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_TENANT_SLUG,
  DEFAULT_TEXT_COLOR,
  DEMO_TENANT_SLUGS,
  GENERATION_TIME_TEXT,
  type BrandingItem,
} from '../../contract/index.ts';

const intro = (event: string) =>
  [
    `Welcome to ${event}! Take a selfie with your device's camera.`,
    'Pick a style you like.',
    `Wait ${GENERATION_TIME_TEXT} while the AI restyles your photo.`,
    'Then download it, share it with friends and family, or use it as your online avatar.',
  ].join('\n');

const assets = (slug: string) => ({
  logoUrl: `${slug}/logo.png`,
  backgroundImageUrl: `${slug}/background.jpg`,
  video: `/media/tenants/${slug}/processing.mp4`,
});

const [AURORA, MEADOW, GALA, LUMIERE, NOOR] = DEMO_TENANT_SLUGS;

export const SEED_TENANTS: BrandingItem[] = [
  {
    slug: DEFAULT_TENANT_SLUG,
    client: 'AI Photo Booth',
    viewFinderTitle: 'AI Photo Booth',
    viewFinderDesc: intro('the AI Photo Booth'),
    ...assets(DEFAULT_TENANT_SLUG),
    backgroundColor: DEFAULT_BACKGROUND_COLOR,
    textColor: DEFAULT_TEXT_COLOR,
    accentColor: DEFAULT_ACCENT_COLOR,
  },
  {
    slug: AURORA,
    client: 'Aurora Live',
    viewFinderTitle: 'Aurora Live: become a sticker',
    viewFinderDesc: intro('Aurora Live'),
    ...assets(AURORA),
    backgroundColor: '#0b1026',
    textColor: '#f5f7ff',
    // Light enough that a dark button label reads at 6.5:1 on it.
    accentColor: '#9d85ff',
  },
  {
    slug: MEADOW,
    client: 'Meadow Fair',
    viewFinderTitle: 'Meadow Fair photo booth',
    viewFinderDesc: intro('Meadow Fair'),
    ...assets(MEADOW),
    backgroundColor: '#f6f1e7',
    textColor: '#1f2a1f',
    // Dark enough that a white button label reads at 5.1:1 on it.
    accentColor: '#2e7d32',
    // A fair's booth that sells the two looks guests frame: themselves at the fair, and a portrait.
    styles: ['branded-scene', 'studio-portrait', 'die-cut-sticker', 'pop-art', 'comic', 'neon'],
    // Two backdrops: the guest picks the marquee at noon or the bandstand at dusk on the styles screen.
    sceneUrls: [`${MEADOW}/scene.jpg`, `${MEADOW}/scene-bandstand.jpg`],
  },
  {
    // An event booth: kiosks allowed (a device opened at /gala/?kiosk is one, with Print; guests'
    // phones keep Download and Share), a countdown, photos from the device, a QR code to take the
    // picture home, a frame on every result, consent before the camera, and the event wall
    // (/gala/wall): a guest's picture shows there if they tick the box and an operator approves it.
    // Four pictures per guest, each with its caption, and "Try another style" with the same photo.
    slug: GALA,
    client: 'Gala Night',
    viewFinderTitle: 'Gala Night photo booth',
    viewFinderDesc: intro('Gala Night'),
    ...assets(GALA),
    backgroundColor: '#1a1423',
    textColor: '#fdf6e3',
    accentColor: '#e0b84f',
    countdownSeconds: 3,
    choosePhoto: true,
    qrHandoff: true,
    kioskIdleSeconds: 60,
    kioskPrint: true,
    frameUrl: `${GALA}/frame.png`,
    consentText:
      'Your photo is used only to make your picture, and deleted when the picture is ready. Nothing about you is kept.',
    privacyUrl: 'https://gala.example/privacy',
    wall: true,
    wallModeration: 'approve',
    // Its consent text speaks of the photo only: the box on the results screen starts unticked.
    wallConsentCovered: false,
    // The evening's pictures last the weekend, and a guest may have theirs sent by email (offered
    // only when the booth has SMTP settings).
    resultHours: 72,
    email: true,
    // Opt-in leads with the email: a guest who has their picture sent may also leave a name and a
    // company and tick the sponsor's marketing box in its own words; kept 90 days.
    leadFields: ['name', 'email', 'company'],
    leadPlace: 'email',
    leadConsentText: 'Yes, Gala Night may email me news of its next events.',
    leadPrivacyUrl: 'https://gala.example/privacy',
    leadRetentionDays: 90,
    // Four pictures from one photo: the comic, pop-art, neon or sticker tile the guest picks first,
    // then the other three; and two more styles to try with the same photo.
    picturesPerGuest: 4,
    pictureStyles: ['comic', 'pop-art', 'neon', 'die-cut-sticker'],
    triesPerGuest: 2,
    // Words its guests may not type into a style that asks for theirs (a styles file's inputs).
    refusedWords: ['idiot', 'stupid', 'loser'],
    refusedWordsText: "Let's keep the evening friendly: please choose other words.",
  },
  {
    // The spec's plain booth in French: every text of its pages from the French catalogue, and its
    // own texts in the same voice and typography (docs/languages.md).
    slug: LUMIERE,
    client: 'Soirée Lumière',
    viewFinderTitle: 'Le photomaton de la Soirée Lumière',
    viewFinderDesc: [
      'Bienvenue à la Soirée Lumière ! Prenez un selfie avec l’appareil photo de votre téléphone.',
      'Choisissez le style qui vous plaît.',
      'Patientez 15 à 20 secondes pendant que l’IA transforme votre photo.',
      'Ensuite, téléchargez votre image, partagez-la avec vos proches ou faites-en votre photo de profil.',
    ].join('\n'),
    ...assets(LUMIERE),
    backgroundColor: '#14213d',
    textColor: '#fdf0d5',
    accentColor: '#fca311',
    language: 'fr',
  },
  {
    // The spec's plain booth in Arabic, right to left: guests are addressed in the plural, as
    // Arabic invitations address a crowd.
    slug: NOOR,
    client: 'مهرجان نور',
    viewFinderTitle: 'ركن التصوير في مهرجان نور',
    viewFinderDesc: [
      'أهلًا بكم في مهرجان نور! التقطوا صورة سيلفي بكاميرا أجهزتكم.',
      'اختاروا النمط الذي يعجبكم.',
      'انتظروا من 15 إلى 20 ثانية بينما يعيد الذكاء الاصطناعي رسم صورتكم.',
      'ثم نزّلوها، أو شاركوها مع الأهل والأصدقاء، أو اجعلوها صورتكم الشخصية على الإنترنت.',
    ].join('\n'),
    ...assets(NOOR),
    backgroundColor: '#fbf6ee',
    textColor: '#2b2118',
    accentColor: '#0f6e5c',
    language: 'ar',
  },
];
