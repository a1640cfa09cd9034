// A missing or refused camera, told to the visitor: what happened and what they can do.
// The camera reports either the string 'getUserMedia not supported' (no camera API) or the browser's error.
// The problem screen offers Try again (and, where the tenant allows it, Choose a photo).
import { TEXT } from '../../contract/constants.ts';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';

export interface CameraProblem {
  what: string;
  todo: string;
}

// react-webcam fills in a getUserMedia that rejects with this where the browser has none (an
// old browser, or a page not served over https).
const NO_CAMERA_API = /getUserMedia is not implemented/;

/** What react-webcam reports: the string above, or the browser's error. */
export type CameraError = string | { name?: string; message?: string } | null | undefined;

/** `site`: the page's texts (contract/i18n/), so the problem is told in the page's language. */
export function cameraProblem(error: CameraError, site: Catalogue['site']): CameraProblem {
  if (error === TEXT.getUserMediaUnsupported || typeof error === 'string' || NO_CAMERA_API.test(error?.message ?? '')) {
    return { what: site.noCameraApi, todo: site.noCameraApiTodo };
  }
  switch (error?.name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return { what: site.cameraBlocked, todo: site.cameraBlockedTodo };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return { what: site.cameraNotFound, todo: site.cameraNotFoundTodo };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return { what: site.cameraInUse, todo: site.cameraInUseTodo };
    default:
      return { what: site.cameraFailed, todo: site.cameraFailedTodo };
  }
}
