// A missing or refused camera, told to the visitor: what happened and what they can do.
// The camera reports either the string 'getUserMedia not supported' (no camera API) or the browser's error.
// The problem screen offers Try again (and, where the tenant allows it, Choose a photo).
import { TEXT } from '../../contract/constants.ts';

export interface CameraProblem {
  what: string;
  todo: string;
}

// react-webcam fills in a getUserMedia that rejects with this where the browser has none (an
// old browser, or a page not served over https).
const NO_CAMERA_API = /getUserMedia is not implemented/;

/** What react-webcam reports: the string above, or the browser's error. */
export type CameraError = string | { name?: string; message?: string } | null | undefined;

export function cameraProblem(error: CameraError): CameraProblem {
  if (error === TEXT.getUserMediaUnsupported || typeof error === 'string' || NO_CAMERA_API.test(error?.message ?? '')) {
    return {
      what: "This browser can't open a camera.",
      todo: 'Open the booth in an up-to-date browser, over a secure (https) address, on a device with a camera.',
    };
  }
  switch (error?.name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return {
        what: 'The camera is blocked.',
        todo: 'Allow the camera for this site in your browser settings, then try again.',
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return { what: 'No camera was found.', todo: 'Use a device with a camera, or connect one and try again.' };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        what: 'The camera is in use or could not start.',
        todo: 'Close other apps or tabs that use the camera, then try again.',
      };
    default:
      return { what: 'The camera could not start.', todo: 'Try again, or use another device with a camera.' };
  }
}
