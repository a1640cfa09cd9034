// The device camera, as the camera screen uses it: the stream the spec asks for (front camera,
// ideal 3000x2400, no audio) and a screenshot of the mirrored preview at the stream's full size,
// so the photo is what the visitor saw. A few lines of the browser's own API; react-webcam
// brought ~2.7 KB gzip of code for them, and the camera page has a budget of 80 KB.
import { CAMERA_FACING_MODE, CAMERA_IDEAL_HEIGHT, CAMERA_IDEAL_WIDTH, TEXT } from '../../contract/constants.ts';

export const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: CAMERA_FACING_MODE,
  width: { ideal: CAMERA_IDEAL_WIDTH },
  height: { ideal: CAMERA_IDEAL_HEIGHT },
};

type MediaDevicesLike = Pick<MediaDevices, 'getUserMedia'> | undefined;

/** The browser asks for the camera permission here. Rejects with the spec's 'getUserMedia not supported' where there is no camera API. */
export function openCamera(media: MediaDevicesLike = globalThis.navigator?.mediaDevices): Promise<MediaStream> {
  if (typeof media?.getUserMedia !== 'function') return Promise.reject(TEXT.getUserMediaUnsupported);
  return media.getUserMedia({ video: VIDEO_CONSTRAINTS, audio: false });
}

export function closeCamera(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

/** The current frame, mirrored like the preview, at the stream's full size; null before the first frame. */
export function screenshot(video: HTMLVideoElement, type: string, quality: number): string | null {
  const { videoWidth: width, videoHeight: height } = video;
  if (!width || !height) return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.translate(width, 0);
  context.scale(-1, 1);
  context.drawImage(video, 0, 0, width, height);
  return canvas.toDataURL(type, quality);
}
