// Business constants of the product specification (section 9), named once.
// Site, build and server import them from here, so the spec's numbers live in one place.

/** "while pending, the job is re-fetched 15 seconds after each render" */
export const JOB_POLL_INTERVAL_MS = 15_000;
/** "wait 15-20 seconds while the AI works" */
export const GENERATION_TIME_TEXT = '15-20 seconds';
/** "Camera ideal size 3000x2400" */
export const CAMERA_IDEAL_WIDTH = 3000;
export const CAMERA_IDEAL_HEIGHT = 2400;
/** "Camera facing mode: user (front)"; "Camera audio: none" */
export const CAMERA_FACING_MODE = 'user';
/** "Screenshot format: JPEG, quality 1" */
export const SCREENSHOT_FORMAT = 'image/jpeg';
export const SCREENSHOT_QUALITY = 1;
/** "Preview: mirrored, max height 350 px" */
export const PREVIEW_MAX_HEIGHT_PX = 350;
/** "Style tile minimum width 130 px" */
export const STYLE_TILE_MIN_WIDTH_PX = 130;
/** "Sticker peel animation toggles at 1 s and 2 s after image load" */
export const STICKER_PEEL_TOGGLE_MS = [1_000, 2_000] as const;
/** "Button max width 200 px" */
export const BUTTON_MAX_WIDTH_PX = 200;
/** "Logo height 50" */
export const LOGO_HEIGHT_PX = 50;
/** "Container padding 2rem" */
export const CONTAINER_PADDING = '2rem';
/** "Default container width 450" (before measuring) */
export const DEFAULT_CONTAINER_WIDTH_PX = 450;
/** "Default colours: background #242424, text #ffffff, accent #94d83d" */
export const DEFAULT_BACKGROUND_COLOR = '#242424';
export const DEFAULT_TEXT_COLOR = '#ffffff';
export const DEFAULT_ACCENT_COLOR = '#94d83d';
/** The largest width or height the site asks of the image proxy, and the embedded proxy serves. */
export const PROXY_MAX_DIMENSION_PX = 4096;
/** "Smart gravity code 'sm'" */
export const SMART_GRAVITY = 'sm';
/** "The default tenant slug is a fixed value and gets no path prefix." */
export const DEFAULT_TENANT_SLUG = 'default';
/** "A numeric constant 10333 ... is defined": used here as the tenant dataset id. */
export const TENANT_DATASET_ID = 10333;
/** The server may hold a job answer until the job ends, at most this long. */
export const JOB_WAIT_MAX_SECONDS = 20;

/** A style whose prompt contains this word is shown as a peelable sticker. */
export const STICKER_PROMPT_WORD = 'sticker';

// Texts of the spec, exactly.
export const TEXT = {
  start: 'Start',
  cameraHeading: 'Take a photo',
  takePhoto: 'Take Photo',
  retakePhoto: 'Retake Photo',
  useImage: 'Use this image',
  stylesHeading: 'Pick your style',
  restart: 'Restart',
  noImage: 'No image found. Click restart to take a photo.',
  resultHeading: 'Result',
  errorHeading: 'Houston, we have a problem',
  processing: 'Processing...',
  takeAnother: 'Take Another Photo',
  share: 'Share',
  download: 'Download',
  beta: 'BETA',
  shareTitle: 'Look AI transformed me!',
  shareFileName: 'ai_me.png',
  shareUnsupported: "Your system doesn't support sharing files.",
  getUserMediaUnsupported: 'getUserMedia not supported',
} as const;

export const JOB_STATUS = {
  pending: 'PENDING',
  processing: 'PROCESSING',
  completed: 'COMPLETED',
  error: 'ERROR',
} as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
