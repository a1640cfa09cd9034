// The English catalogue: the spec's texts, exactly, and every other text a visitor sees or hears.
// The sections are the text objects the screens' modules already name (TEXT, CAMERA_EVENT_TEXT, …),
// so a text added to one of them is part of the catalogue at once, and the catalogue test lists
// the languages that still lack it. Texts of the site alone live here (SITE_TEXT).
import { TEXT } from '../constants.ts';
import { CAMERA_EVENT_TEXT, CONSENT_TEXT, KIOSK_TEXT, RESULTS_EVENT_TEXT } from '../event-kit.ts';
import { RESULTS_TEXT } from '../results.ts';
import { WALL_TEXT } from '../wall.ts';
import { EMAIL_TEXT } from '../delivery.ts';
import { LEAD_TEXT } from '../leads.ts';
import { LOCAL_STYLE_CAPTIONS, LOCAL_STYLE_NAMES } from '../local-style-texts.ts';
import { STYLE_WORDS_TEXT } from '../style-inputs.ts';

/** The site's own texts beside the spec's: what the screens say when something is on its way or went wrong. */
export const SITE_TEXT = {
  /** Read out by screen readers as the camera changes state (the screen shows it). */
  cameraStarting: 'Starting the camera…',
  cameraReady: 'The camera is on.',
  photoTaken: 'Photo taken.',
  yourPhoto: 'Your photo',
  cameraPreview: 'Camera preview',
  /** A missing or refused camera: what happened, and what the visitor can do. */
  noCameraApi: "This browser can't open a camera.",
  noCameraApiTodo: 'Open the booth in an up-to-date browser, over a secure (https) address, on a device with a camera.',
  cameraBlocked: 'The camera is blocked.',
  cameraBlockedTodo: 'Allow the camera for this site in your browser settings, then try again.',
  cameraNotFound: 'No camera was found.',
  cameraNotFoundTodo: 'Use a device with a camera, or connect one and try again.',
  cameraInUse: 'The camera is in use or could not start.',
  cameraInUseTodo: 'Close other apps or tabs that use the camera, then try again.',
  cameraFailed: 'The camera could not start.',
  cameraFailedTodo: 'Try again, or use another device with a camera.',
  noStyles: 'No styles are available right now. Please try again in a minute.',
  loading: 'Loading',
  loadingStyles: 'Loading the styles',
  startingPicture: 'Starting your picture',
  tryAgain: 'Try again',
  unreachable: "We can't reach the booth right now. Check your connection and try again.",
  serverTrouble: 'The booth is having trouble right now. Please try again in a minute.',
  resultAlt: 'Your AI picture',
  opensNewTab: ' (opens in a new tab)',
  picturePlace: '{place} of {count}',
  qrLabel: 'QR code of {url}',
  notFound: 'Not Found',
  goToStart: 'Go to the start',
  /** The pages' description for search engines and link previews. */
  description: '{client}: take a selfie and let AI restyle it.',
  wallPictures: 'Pictures of {client}',
  /** The language menu, for a tenant that offers more than one. */
  languageMenu: 'Language',
} as const;

/**
 * What the server says to a guest: its refusals and errors the screens show (the site sends the
 * page's language with each call, as Accept-Language), and the email of the picture.
 */
export const GUEST_TEXT = {
  busy: 'The booth is busy right now. Please try again in a minute.',
  noPerson: "We couldn't find a person in the photo. Please try again facing the camera.",
  noSuchJob: 'There is no such job. Results are kept for a limited time; please take another photo.',
  clientRate: 'Too many photos at once. Please try again in {seconds} seconds.',
  venueInFlight: '{max} photos from your network are being restyled already. Please try again in a few seconds.',
  venueRate: 'Too many photos from your network at once. Please try again in {seconds} seconds.',
  visitorsInFlight: 'Too many visitors from your network at once. Please try again in a few seconds.',
  visitorsRate: 'Too many visitors from your network at once. Please try again in {seconds} seconds.',
  visitInvalid: 'The booth could not check this visit. Please reload the page and try again.',
  visitExpired: 'Your visit has expired. Please reload the page and try again.',
  leadRate: 'You sent your details several times just now. Please try again in {seconds} seconds.',
  leadOff: 'This booth does not ask for your details. Go on to the camera.',
  emailNoMail:
    'This booth cannot send email: it has no mail server set up. Download or share your picture instead, or ask the booth staff.',
  emailNotOffered: 'This booth does not send pictures by email. Download or share your picture instead.',
  emailNoJob: 'There is no such picture. Results are kept for a limited time; please take another photo.',
  emailNotReady: 'Your picture is not ready yet. Wait for it to appear, then ask for the email again.',
  emailVisitorRate: 'You asked for several emails just now. Please try again in {seconds} seconds.',
  emailBoothRate: 'The booth is sending many emails right now. Please try again in {seconds} seconds.',
  unreadablePhoto: "We couldn't read that photo. Please take it again.",
  photoTooLarge: 'That photo is too large for the booth. Please take it again with the booth camera.',
  unknownStyle: 'That style is not available any more. Please go back and pick another style.',
  notStarted: 'The booth is still warming up. Please try again in a moment.',
  visitorInFlight: 'You have {max} photos being restyled already. Please wait for them to finish.',
  /** The email itself. */
  mailSubject: 'Your picture from {client}',
  mailIntro: 'Here is your picture from {client}. It is attached to this email.',
  mailOpenUntil: 'You can also open it here until {until}:',
  mailWhy:
    "Sent by the {client} photo booth because you asked for it on the booth's results screen. Your address is deleted once this email is sent.",
  mailOpen: 'Open your picture',
  mailUntil: '(until {until})',
  mailPictureAlt: 'Your picture',
} as const;

export const EN = {
  spec: TEXT,
  site: SITE_TEXT,
  cameraEvent: CAMERA_EVENT_TEXT,
  consent: CONSENT_TEXT,
  resultsEvent: RESULTS_EVENT_TEXT,
  kiosk: KIOSK_TEXT,
  results: RESULTS_TEXT,
  wall: WALL_TEXT,
  email: EMAIL_TEXT,
  guest: GUEST_TEXT,
  lead: LEAD_TEXT,
  styleWords: STYLE_WORDS_TEXT,
  /** The embedded AI hub's own styles: their tiles' names and their results' captions. */
  styleNames: LOCAL_STYLE_NAMES,
  styleCaptions: LOCAL_STYLE_CAPTIONS,
} as const;
