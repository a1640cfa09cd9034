// The device camera as the spec asks for it (front camera, ideal 3000x2400, no audio), and how the
// camera island's react-webcam takes the photo: a JPEG at the stream's full size, not mirrored (the
// preview is mirrored by CSS only), so the photo is the camera's true image, as phones save it.
import {
  CAMERA_FACING_MODE,
  CAMERA_IDEAL_HEIGHT,
  CAMERA_IDEAL_WIDTH,
  SCREENSHOT_FORMAT,
  SCREENSHOT_QUALITY,
} from '../../contract/constants.ts';

export const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: CAMERA_FACING_MODE,
  width: { ideal: CAMERA_IDEAL_WIDTH },
  height: { ideal: CAMERA_IDEAL_HEIGHT },
};

/** react-webcam's settings for the camera and the photo (Camera.tsx spreads them). */
export const WEBCAM_SETTINGS = {
  audio: false,
  videoConstraints: VIDEO_CONSTRAINTS,
  screenshotFormat: SCREENSHOT_FORMAT,
  screenshotQuality: SCREENSHOT_QUALITY,
  forceScreenshotSourceSize: true,
  // react-webcam's `mirrored` flips the screenshot as well as the preview: off.
  mirrored: false,
} as const;
