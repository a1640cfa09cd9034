// The catalogue's texts by the screen a guest meets them on: how the console lists a tenant's own
// texts (one group per screen, beside a preview of it), and which texts are buttons, whose width
// the build checks (contract/i18n/button-fit.ts). Keys are written as `section.key`.

export interface Screen {
  id: string;
  /** The screen's name in the console and in a problem ("the camera screen"). */
  name: string;
  texts: readonly string[];
}

export const SCREENS: readonly Screen[] = [
  { id: 'intro', name: 'intro', texts: ['spec.start', 'site.description', 'site.languageMenu'] },
  {
    id: 'consent',
    name: 'consent',
    texts: ['consent.consentAgree', 'consent.continue', 'consent.privacyLink', 'consent.consentNeeded'],
  },
  {
    id: 'camera',
    name: 'camera',
    texts: [
      'spec.cameraHeading',
      'spec.takePhoto',
      'spec.retakePhoto',
      'spec.useImage',
      'cameraEvent.choosePhoto',
      'cameraEvent.chooseAnother',
      'cameraEvent.cancelCountdown',
      'cameraEvent.countdownCancelled',
      'cameraEvent.photoUnreadable',
      'cameraEvent.tryAgain',
      'site.cameraStarting',
      'site.cameraReady',
      'site.photoTaken',
      'site.yourPhoto',
      'site.cameraPreview',
      'site.noCameraApi',
      'site.noCameraApiTodo',
      'site.cameraBlocked',
      'site.cameraBlockedTodo',
      'site.cameraNotFound',
      'site.cameraNotFoundTodo',
      'site.cameraInUse',
      'site.cameraInUseTodo',
      'site.cameraFailed',
      'site.cameraFailedTodo',
    ],
  },
  {
    id: 'styles',
    name: 'styles',
    texts: [
      'spec.stylesHeading',
      'spec.restart',
      'spec.noImage',
      'spec.beta',
      'site.noStyles',
      'site.loadingStyles',
      'site.startingPicture',
    ],
  },
  { id: 'processing', name: 'processing', texts: ['spec.processing', 'results.making'] },
  {
    id: 'results',
    name: 'results',
    texts: [
      'spec.resultHeading',
      'spec.takeAnother',
      'spec.share',
      'spec.download',
      'spec.shareTitle',
      'spec.shareUnsupported',
      'site.resultAlt',
      'site.opensNewTab',
      'site.picturePlace',
      'site.qrLabel',
      'resultsEvent.print',
      'resultsEvent.choosePicture',
      'resultsEvent.picturesLegend',
      'resultsEvent.tryAnother',
      'resultsEvent.triesLeftOne',
      'resultsEvent.triesLeftMany',
      'resultsEvent.triesUsed',
      'resultsEvent.qrHeading',
      'resultsEvent.qrHint',
      'wall.optIn',
      'wall.optInWaiting',
      'wall.optInShown',
      'wall.optInOff',
      'wall.optInFailed',
    ],
  },
  {
    id: 'errors',
    name: 'error',
    texts: [
      'spec.errorHeading',
      'site.unreachable',
      'site.serverTrouble',
      'site.tryAgain',
      'site.loading',
      'site.notFound',
      'site.goToStart',
      'results.goneHeading',
      'results.gone',
      'results.noJobHeading',
      'results.noJob',
      'results.takePhoto',
    ],
  },
  { id: 'kiosk', name: 'kiosk', texts: ['kiosk.startOver', 'kiosk.introTakeHome', 'kiosk.introPrint'] },
  {
    id: 'email',
    name: 'email',
    texts: [
      'email.emailMe',
      'email.addressLabel',
      'email.send',
      'email.sending',
      'email.queued',
      'email.addressMissing',
      'email.addressTooLong',
      'email.addressOneLine',
      'email.addressInvalid',
      'email.notSent',
      'guest.mailSubject',
      'guest.mailIntro',
      'guest.mailOpenUntil',
      'guest.mailWhy',
      'guest.mailOpen',
      'guest.mailUntil',
      'guest.mailPictureAlt',
    ],
  },
  {
    id: 'wall',
    name: 'event wall',
    texts: [
      'wall.heading',
      'wall.invite',
      'wall.empty',
      'wall.offHeading',
      'wall.off',
      'wall.reconnecting',
      'site.wallPictures',
    ],
  },
];

/**
 * Texts a tenant cannot change: the share file's name and the camera's code word (the same in
 * every language by rule), and the server's refusals, which it writes before it knows the tenant
 * (its answers are told in the guest's language from the catalogue, contract/i18n/sentences.ts).
 */
export const FIXED_TEXTS: readonly string[] = [
  'spec.shareFileName',
  'spec.getUserMediaUnsupported',
  'guest.busy',
  'guest.noPerson',
  'guest.noSuchJob',
  'guest.clientRate',
  'guest.venueInFlight',
  'guest.venueRate',
  'guest.emailNoMail',
  'guest.emailNotOffered',
  'guest.emailNoJob',
  'guest.emailNotReady',
  'guest.emailVisitorRate',
  'guest.emailBoothRate',
  'guest.unreadablePhoto',
  'guest.photoTooLarge',
  'guest.unknownStyle',
  'guest.notStarted',
  'guest.visitorInFlight',
];

/** The texts shown on a button (`.booth-button`, at most 200 px wide): the build checks they fit. */
export const BUTTON_TEXTS: readonly string[] = [
  'spec.start',
  'spec.takePhoto',
  'spec.retakePhoto',
  'spec.useImage',
  'spec.restart',
  'spec.takeAnother',
  'spec.share',
  'spec.download',
  'cameraEvent.choosePhoto',
  'cameraEvent.chooseAnother',
  'cameraEvent.cancelCountdown',
  'cameraEvent.tryAgain',
  'consent.continue',
  'site.tryAgain',
  'site.goToStart',
  'resultsEvent.print',
  'resultsEvent.tryAnother',
  'results.takePhoto',
  'kiosk.startOver',
  'email.send',
  'email.sending',
];

/** The screen a text is on, or undefined for a fixed text. */
export const screenOf = (key: string): Screen | undefined => SCREENS.find((screen) => screen.texts.includes(key));
