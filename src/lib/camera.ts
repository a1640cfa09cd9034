// The device camera as the spec asks for it (front camera, ideal 3000x2400, no audio). The camera
// island opens it through react-webcam, which also takes the mirrored screenshot at the stream's
// full size, so the photo is what the visitor saw.
import { CAMERA_FACING_MODE, CAMERA_IDEAL_HEIGHT, CAMERA_IDEAL_WIDTH } from '../../contract/constants.ts';

export const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: CAMERA_FACING_MODE,
  width: { ideal: CAMERA_IDEAL_WIDTH },
  height: { ideal: CAMERA_IDEAL_HEIGHT },
};
