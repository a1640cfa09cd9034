// A missing or refused camera, told to the visitor: what happened and what they can do.
// The camera reports either the string 'getUserMedia not supported' (no camera API) or the browser's error.
import { TEXT } from '../../contract/constants.ts';

export interface CameraProblem {
  what: string;
  todo: string;
}

export function cameraProblem(error: string | { name?: string; message?: string } | null | undefined): CameraProblem {
  if (error === TEXT.getUserMediaUnsupported || typeof error === 'string') {
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
        todo: 'Allow the camera for this site in your browser settings, then reload the page.',
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return { what: 'No camera was found.', todo: 'Use a device with a camera, or connect one and reload the page.' };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        what: 'The camera is in use or could not start.',
        todo: 'Close other apps or tabs that use the camera, then reload the page.',
      };
    default:
      return { what: 'The camera could not start.', todo: 'Reload the page, or use another device with a camera.' };
  }
}
