// The middle of the camera screen (CameraScreen.tsx): what went wrong with the camera, the photo
// taken or chosen, or the live preview (react-webcam) with the countdown over it. Mirrored by CSS
// only (.booth-mirrored): the photo posted is the camera's true image.
import { Suspense, type CSSProperties, type RefObject } from 'react';
import type Webcam from 'react-webcam';
import { WEBCAM_SETTINGS } from '../lib/camera.ts';
import type { CameraError, CameraProblem } from '../lib/camera-problem.ts';
import type { CameraParts } from './CameraScreen.tsx';

export interface CameraPreviewProps {
  problem: CameraProblem | null;
  photo: string | null;
  /** The photo was just taken (shown mirrored, as the preview was), not chosen from the device. */
  taken: boolean;
  style: CSSProperties | undefined;
  texts: { yourPhoto: string; cameraPreview: string };
  Webcam: CameraParts['Webcam'];
  webcam: RefObject<Webcam | null>;
  /** Bumped by Try again: a new camera, which asks the browser for it again. */
  attempt: number;
  onReady: () => void;
  onError: (error: CameraError) => void;
  /** The countdown over the preview while it runs, with its seconds and what it tells each tick. */
  countdown: {
    Countdown: NonNullable<CameraParts['Countdown']>;
    seconds: number;
    onTick: (n: number) => void;
    onZero: () => void;
  } | null;
}

export function CameraPreview({
  problem,
  photo,
  taken,
  style,
  texts,
  Webcam,
  webcam,
  attempt,
  onReady,
  onError,
  countdown,
}: CameraPreviewProps) {
  if (problem)
    return (
      <div className="booth-camera-problem" role="alert">
        <p className="booth-camera-problem-what">{problem.what}</p>
        <p>{problem.todo}</p>
      </div>
    );
  if (photo)
    return (
      <img
        className={taken ? 'booth-preview booth-mirrored' : 'booth-preview'}
        src={photo}
        alt={texts.yourPhoto}
        style={style}
      />
    );
  return (
    <div className="booth-preview-frame">
      <Suspense fallback={null}>
        <Webcam
          key={attempt}
          ref={webcam}
          className="booth-preview booth-mirrored"
          {...WEBCAM_SETTINGS}
          onUserMedia={onReady}
          onUserMediaError={onError}
          style={style}
          aria-label={texts.cameraPreview}
        />
      </Suspense>
      {countdown ? (
        <countdown.Countdown seconds={countdown.seconds} onTick={countdown.onTick} onZero={countdown.onZero} />
      ) : null}
    </div>
  );
}
